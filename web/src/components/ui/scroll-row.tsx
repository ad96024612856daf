import { useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { cx } from '@/lib/cx';
import { Icon } from './icon';

/**
 * A navigation row that scrolls sideways when it is wider than the screen (tabs on a phone).
 * While part of it is hidden at the end, a fade with a chevron says so; the current link
 * (`aria-current="page"`) is scrolled into view whenever `current` changes.
 */
export function ScrollRow({
  label,
  current,
  className,
  rowClassName,
  children,
}: {
  label: string;
  /** What names the current link (the page's path): a change scrolls it into view. */
  current?: string;
  /** The frame's classes (position, margins, background). */
  className?: string;
  /** The scrolling row's classes (padding). */
  rowClassName?: string;
  children: ReactNode;
}) {
  const row = useRef<HTMLElement>(null);
  const more = useHiddenEnd(row, revealCurrent, current);

  return (
    <div className={cx('relative', className)}>
      <nav ref={row} aria-label={label} className={cx('relative overflow-x-auto', rowClassName)}>
        {children}
      </nav>
      {more && <EndHint />}
    </div>
  );
}

/** Scrolls the row so its current link (`aria-current="page"`) is in view, past the end's fade. */
function revealCurrent(el: HTMLElement) {
  const link = el.querySelector<HTMLElement>('[aria-current="page"]');
  if (!link) return;
  const right = link.offsetLeft + link.offsetWidth + 48;
  if (right > el.scrollLeft + el.clientWidth) el.scrollLeft = right - el.clientWidth;
  if (link.offsetLeft < el.scrollLeft) el.scrollLeft = link.offsetLeft;
}

/**
 * Whether part of a sideways-scrolling row is hidden past its end, kept up to date as it scrolls,
 * as the window resizes, and as the row or its items change size without that: the page's
 * scrollbar appearing once the page grows taller narrows the row, items arriving widen it. `reveal`
 * runs first, now and on every resize (a phone turned), and again whenever `key` changes.
 */
export function useHiddenEnd(
  row: RefObject<HTMLElement | null>,
  reveal?: (el: HTMLElement) => void,
  key?: unknown,
): boolean {
  const [more, setMore] = useState(false);
  // Measured before the row is first painted: no frame shows it cut off without its hint.
  useLayoutEffect(() => {
    const el = row.current;
    if (!el) return;
    const update = () => {
      setMore(el.scrollLeft + el.clientWidth < el.scrollWidth - 1);
    };
    const resized = () => {
      reveal?.(el);
      update();
    };
    resized();
    el.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', resized);
    // The row, its items and theirs (a list's entries, a rail's cards): the row's own box keeps
    // its size when only its content grows. When items change (a rail's cards replacing its
    // skeletons) the boxes watched are the ones there now, not the ones removed.
    const sizes = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(update);
    const watch = () => {
      sizes?.disconnect();
      for (const box of [el, ...el.querySelectorAll(':scope > *, :scope > * > *')])
        sizes?.observe(box);
    };
    watch();
    const items = typeof MutationObserver === 'undefined' ? undefined : new MutationObserver(watch);
    items?.observe(el, { childList: true, subtree: true });
    return () => {
      el.removeEventListener('scroll', update);
      window.removeEventListener('resize', resized);
      sizes?.disconnect();
      items?.disconnect();
    };
  }, [row, reveal, key]);
  return more;
}

/** The fade with a chevron at a row's end, saying more is hidden there. */
export function EndHint() {
  return (
    <span
      data-scroll-hint="end"
      aria-hidden="true"
      className="pointer-events-none absolute inset-y-0 right-0 flex w-12 items-center justify-end bg-linear-to-l from-canvas via-canvas/90 to-transparent text-brand-800"
    >
      <Icon className="size-5">
        <path d="m9 6 6 6-6 6" />
      </Icon>
    </span>
  );
}
