import { useEffect, useRef, useState } from 'react';

/**
 * True once the element is within a screen of the viewport, and from then on. Sixty cards with a
 * chart and a table of every reading each cost seconds of a phone's main thread when drawn at
 * once; a card's trend is drawn before it scrolls into view. Without IntersectionObserver, at once.
 */
export function useNearViewport<T extends Element>() {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return { ref, near };
}
