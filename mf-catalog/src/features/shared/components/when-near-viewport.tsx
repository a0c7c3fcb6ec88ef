import { useEffect, useRef, useState, type ReactNode } from 'react';
import { FIRST_VIEW_WHEN_NEAR_ATTRIBUTE } from '@shop/shared/ssr/server-render';

// Far enough ahead that a reader scrolling (or tabbing through the links above) never waits on it.
const AHEAD = '600px 0px';

/**
 * Renders `children` once the spot comes within reach of the viewport. Below-the-fold forms use it,
 * so their code (antd's form stack, the validation schemas) is not part of a page's first load.
 * Until then a placeholder of the given height holds the space, so nothing shifts when they arrive.
 * On a server's first view the placeholder is marked, so scrolling it near starts the live page.
 */
export function WhenNearViewport({
  minHeight,
  children,
}: {
  minHeight: number;
  children: ReactNode;
}) {
  const spot = useRef<HTMLDivElement>(null);
  // A server render draws the placeholder, as a browser's first render does; a browser without the
  // observer (and a test's jsdom) shows the content at once.
  const [near, setNear] = useState(
    () => typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined',
  );
  useEffect(() => {
    const element = spot.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: AHEAD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  if (near) return <>{children}</>;
  return (
    <div
      ref={spot}
      className="cat-block-skeleton"
      style={{ minHeight }}
      aria-hidden="true"
      {...{ [FIRST_VIEW_WHEN_NEAR_ATTRIBUTE]: '' }}
    />
  );
}
