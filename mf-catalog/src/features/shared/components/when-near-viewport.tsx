import { useEffect, useRef, useState, type ReactNode } from 'react';

// Far enough ahead that a reader scrolling (or tabbing through the links above) never waits on it.
const AHEAD = '600px 0px';

/**
 * Renders `children` once the spot comes within reach of the viewport. Below-the-fold forms use it,
 * so their code (antd's form stack, the validation schemas) is not part of a page's first load.
 * Until then a placeholder of the given height holds the space, so nothing shifts when they arrive.
 */
export function WhenNearViewport({
  minHeight,
  children,
}: {
  minHeight: number;
  children: ReactNode;
}) {
  const spot = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
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
  return <div ref={spot} className="cat-block-skeleton" style={{ minHeight }} aria-hidden="true" />;
}
