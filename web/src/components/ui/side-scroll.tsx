import { useRef, type ReactNode } from 'react';
import { EndHint, useHiddenEnd } from './scroll-row';

/**
 * A list of cards in one row that scrolls sideways, each card snapping into place (rails, related
 * products). While part of it is hidden at the end, the fade with a chevron of ScrollRow says so.
 */
export function SideScroll({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  const row = useRef<HTMLUListElement>(null);
  const more = useHiddenEnd(row);
  return (
    <div className="relative -mx-4">
      <ul
        ref={row}
        aria-labelledby={labelledBy}
        className="flex min-h-80 snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pb-2 sm:min-h-88"
      >
        {children}
      </ul>
      {more && <EndHint />}
    </div>
  );
}

/** A card's slot in a SideScroll: the same width for skeletons and cards. */
export const SIDE_SCROLL_SLOT = 'w-40 shrink-0 snap-start sm:w-48';
