import { useEffect, useRef, useState, type ReactNode } from 'react';
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
  const [more, setMore] = useState(false);

  useEffect(() => {
    const el = row.current;
    if (!el) return;
    const update = () => {
      setMore(el.scrollLeft + el.clientWidth < el.scrollWidth - 1);
    };
    // The current link in view (past the fade at the end), now and whenever the row's width
    // changes (a phone turned).
    const reveal = () => {
      const link = el.querySelector<HTMLElement>('[aria-current="page"]');
      if (link) {
        const right = link.offsetLeft + link.offsetWidth + 48;
        if (right > el.scrollLeft + el.clientWidth) el.scrollLeft = right - el.clientWidth;
        if (link.offsetLeft < el.scrollLeft) el.scrollLeft = link.offsetLeft;
      }
      update();
    };
    reveal();
    el.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', reveal);
    return () => {
      el.removeEventListener('scroll', update);
      window.removeEventListener('resize', reveal);
    };
  }, [current]);

  return (
    <div className={cx('relative', className)}>
      <nav ref={row} aria-label={label} className={cx('relative overflow-x-auto', rowClassName)}>
        {children}
      </nav>
      {more && (
        <span
          data-scroll-hint="end"
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 right-0 flex w-12 items-center justify-end bg-linear-to-l from-canvas via-canvas/90 to-transparent text-brand-800"
        >
          <Icon className="size-5">
            <path d="m9 6 6 6-6 6" />
          </Icon>
        </span>
      )}
    </div>
  );
}
