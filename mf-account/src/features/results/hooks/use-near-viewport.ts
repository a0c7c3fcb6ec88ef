import { useEffect, useRef, useState } from 'react';

/**
 * True once the element is within a screen of the viewport, and from then on. Sixty cards with a
 * chart and a table of every reading each cost seconds of a phone's main thread when drawn at
 * once; a card's trend is drawn before it scrolls into view. `eager` is true from the first render
 * (on the server too, where nothing is observed); without IntersectionObserver, true after mount.
 */
export function useNearViewport<T extends Element>(eager = false) {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(eager);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
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
