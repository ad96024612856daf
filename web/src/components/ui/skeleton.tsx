import type { ReactNode } from 'react';
import { cx } from '@/lib/cx';

/** A grey placeholder block of the size the real content will take. */
export function Skeleton({ className }: { className?: string }) {
  return (
    <div aria-hidden="true" className={cx('animate-pulse rounded-control bg-line', className)} />
  );
}

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

/** The card grid used by category, product and wishlist lists. */
export function CardGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <div aria-hidden="true" className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="overflow-hidden rounded-card bg-white shadow-card">
          <Skeleton className="aspect-4/3 rounded-none" />
          <div className="p-3">
            <Skeleton className="h-5 w-2/3" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** Rows of a list (bag, orders, messages). */
export function ListSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <div aria-hidden="true" className="space-y-3">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex items-center gap-4 rounded-card bg-white p-4 shadow-card">
          <Skeleton className="size-16 shrink-0" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-5 w-1/2" />
            <Skeleton className="h-4 w-1/3" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** A detail page: media beside a block of text lines. */
export function DetailSkeleton() {
  return (
    <div aria-hidden="true" className="grid gap-6 md:grid-cols-2">
      <Skeleton className="aspect-square w-full rounded-card" />
      <div className="space-y-4">
        <Skeleton className="h-8 w-3/4" />
        <Skeleton className="h-6 w-1/3" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-5/6" />
        <Skeleton className="h-tap w-40" />
      </div>
    </div>
  );
}
