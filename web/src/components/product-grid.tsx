import { useEffect, useRef, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { ProductGridSkeleton } from '@/components/ui/skeleton';
import { useDataSaver } from '@/lib/data-saver';
import { ProductCard, type CardProduct } from './product-card';

// Cards in the first rows are likely above the fold on a phone: their images load at once.
const EAGER_IMAGES = 4;

/**
 * A grid of product cards that grows as it is scrolled: when its end comes near, the next page is
 * fetched (in data-saver mode only once the end is on screen). The 'Load more' button does the
 * same for keyboards and when observing is impossible.
 */
export function ProductGrid({
  products,
  hasMore,
  loadingMore,
  onLoadMore,
  action,
}: {
  products: readonly CardProduct[];
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  action?: (product: CardProduct) => ReactNode;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  const loadMore = useRef(onLoadMore);
  const ahead = useDataSaver() ? '0px' : '600px';
  useEffect(() => {
    loadMore.current = onLoadMore;
  });

  useEffect(() => {
    const target = sentinel.current;
    if (!hasMore || !target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) loadMore.current();
      },
      { rootMargin: `${ahead} 0px` },
    );
    observer.observe(target);
    return () => {
      observer.disconnect();
    };
  }, [hasMore, products.length, ahead]);

  return (
    <>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4">
        {products.map((product, index) => (
          <li
            key={product.id}
            // Past the first rows the browser skips a card's style, layout and paint until it
            // comes near the screen: a grid grown to hundreds of cards costs a cheap phone what
            // its visible ones do. The height stands in until the card's own is known.
            className={
              index < EAGER_IMAGES
                ? undefined
                : '[contain-intrinsic-block-size:auto_20rem] [content-visibility:auto]'
            }
          >
            <ProductCard
              product={product}
              eager={index < EAGER_IMAGES}
              action={action?.(product)}
            />
          </li>
        ))}
      </ul>
      {loadingMore && (
        <div className="mt-4">
          <p role="status" className="sr-only">
            Loading more products...
          </p>
          <ProductGridSkeleton count={4} />
        </div>
      )}
      {hasMore && !loadingMore && (
        <div ref={sentinel} className="mt-6 flex justify-center">
          <Button variant="secondary" onClick={onLoadMore}>
            Load more
          </Button>
        </div>
      )}
    </>
  );
}
