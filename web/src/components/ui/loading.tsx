import type { ReactNode } from 'react';
import { cx } from '@/lib/cx';

/** A small spinning ring (decorative: pair it with a text). */
export function Spinner({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cx(
        'inline-block size-5 animate-spin rounded-pill border-2 border-brand-200 border-t-brand-700',
        className,
      )}
    />
  );
}

/**
 * Announces a loading region to assistive technology: `label` is read out (and shown when
 * `showLabel`), `children` are the skeletons that hold the layout.
 */
export function Loading({
  label = 'Loading...',
  showLabel = false,
  children,
}: {
  label?: string;
  showLabel?: boolean;
  children?: ReactNode;
}) {
  return (
    <div aria-busy="true">
      <p
        role="status"
        className={showLabel ? 'mb-4 flex items-center gap-3 text-muted' : 'sr-only'}
      >
        {showLabel && <Spinner />}
        {label}
      </p>
      {children}
    </div>
  );
}
