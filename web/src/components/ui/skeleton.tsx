import { cx } from '@/lib/cx';

/** A grey placeholder block of the size the real content will take. */
export function Skeleton({ className }: { className?: string }) {
  return (
    <div aria-hidden="true" className={cx('animate-pulse rounded-control bg-line', className)} />
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

/** Product cards (lists of products): the same boxes as components/product-card.tsx. */
export function ProductGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <div
      aria-hidden="true"
      className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4"
    >
      {Array.from({ length: count }, (_, i) => (
        <ProductCardSkeleton key={i} />
      ))}
    </div>
  );
}

/** One product card's boxes: image, name, snippet, badges and price (a grid's, a rail's). */
export function ProductCardSkeleton({ className }: { className?: string }) {
  return (
    <div className={cx('overflow-hidden rounded-card bg-white shadow-card', className)}>
      <Skeleton className="aspect-square rounded-none" />
      <div className="space-y-2 p-3">
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-5 w-1/2" />
        <Skeleton className="h-7 w-2/3" />
      </div>
    </div>
  );
}
