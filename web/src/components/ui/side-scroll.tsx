import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Icon } from './icon';

/**
 * A list of cards in one row that scrolls sideways, each card snapping into place (rails, related
 * products). While part of it is hidden at the end, a fade with a chevron says so, as ScrollRow
 * does for tabs.
 */
export function SideScroll({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  const row = useRef<HTMLUListElement>(null);
  const [more, setMore] = useState(false);
  useEffect(() => {
    const el = row.current;
    if (!el) return;
    const update = () => {
      setMore(el.scrollLeft + el.clientWidth < el.scrollWidth - 1);
    };
    update();
    el.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      el.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, []);
  return (
    <div className="relative -mx-4">
      <ul
        ref={row}
        aria-labelledby={labelledBy}
        className="flex min-h-80 snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pb-2 sm:min-h-88"
      >
        {children}
      </ul>
      {more && (
        <span
          data-scroll-hint="end"
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 right-0 flex w-10 items-center justify-end bg-linear-to-l from-canvas via-canvas/80 to-transparent text-brand-800"
        >
          <Icon className="size-5">
            <path d="m9 6 6 6-6 6" />
          </Icon>
        </span>
      )}
    </div>
  );
}

/** A card's slot in a SideScroll: the same width for skeletons and cards. */
export const SIDE_SCROLL_SLOT = 'w-40 shrink-0 snap-start sm:w-48';
