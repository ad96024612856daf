import { useEffect, useRef, useState } from 'react';
import { useDataSaver } from './data-saver';

/**
 * True once the element comes within `margin` of the viewport, and from then on: a rail below the
 * fold asks for its products only when the shopper scrolls towards it. Without
 * IntersectionObserver (every browser Dwa supports has it; jsdom has not) it stays false: the
 * rails are extras, and component tests that want them stub the observer. In data-saver mode
 * nothing is fetched ahead: the element must be in the viewport itself.
 */
export function useNearViewport<T extends Element>(ahead = '300px') {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  const margin = useDataSaver() ? '0px' : ahead;
  useEffect(() => {
    const el = ref.current;
    if (near || !el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: `${margin} 0px` },
    );
    observer.observe(el);
    return () => {
      observer.disconnect();
    };
  }, [near, margin]);
  return [ref, near] as const;
}
