import { useEffect, useRef, useState, type RefObject } from 'react';
import { useDataSaver } from './data-saver';

/**
 * Whether the element is within `margin` of the viewport, following it in and out. `initial` is
 * the answer until the browser has said, and where it cannot (no IntersectionObserver: every
 * browser Dwa supports has it, jsdom has not). With `once`, the first yes is kept and observing
 * stops.
 */
export function useInViewport(
  el: RefObject<Element | null>,
  { margin = '0px', initial = false, once = false } = {},
) {
  const [inView, setInView] = useState(initial);
  const done = once && inView;
  useEffect(() => {
    const target = el.current;
    if (done || !target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        setInView(entries.some((e) => e.isIntersecting));
      },
      { rootMargin: `${margin} 0px` },
    );
    observer.observe(target);
    return () => {
      observer.disconnect();
    };
  }, [el, margin, done]);
  return inView;
}

/**
 * True once the element comes within `ahead` of the viewport, and from then on: a rail below the
 * fold asks for its products only when the shopper scrolls towards it. Without
 * IntersectionObserver it stays false: the rails are extras, and component tests that want them
 * stub the observer. In data-saver mode nothing is fetched ahead: the element must be in the
 * viewport itself.
 */
export function useNearViewport<T extends Element>(ahead = '300px') {
  const ref = useRef<T>(null);
  const margin = useDataSaver() ? '0px' : ahead;
  return [ref, useInViewport(ref, { margin, once: true })] as const;
}
