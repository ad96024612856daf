import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useId } from 'react';
import { Link } from 'react-router';
import { ProductCard, type CardProduct } from '@/components/product-card';
import { SIDE_SCROLL_SLOT, SideScroll } from '@/components/ui/side-scroll';
import { ProductCardSkeleton } from '@/components/ui/skeleton';
import { useNearViewport } from '@/lib/use-near-viewport';

/** A rail is a window display: a minute old is fresh enough (each card opens the live product). */
const RAIL_STALE_TIME = 60_000;

/**
 * A titled, sideways-scrolling row of product cards (home page, product page). It asks for its
 * products (`load`) only when it comes near the viewport, shows fixed-size skeletons meanwhile, and
 * removes itself when there is nothing to show — no products, or an answer it could not use — so a
 * rail never shows an error in the middle of a shop window.
 */
export function ProductRail({
  title,
  queryKey,
  load,
  seeAll,
}: {
  title: string;
  queryKey: readonly unknown[];
  load: (signal: AbortSignal) => Promise<readonly CardProduct[]>;
  /** Where "See all" goes; none when the rail is the whole list. */
  seeAll?: string;
}) {
  const [ref, near] = useNearViewport<HTMLElement>();
  const headingId = useId();
  const { data, isError } = useQuery({
    queryKey: ['catalog', 'rail', ...queryKey],
    queryFn: ({ signal }) => load(signal),
    enabled: near,
    staleTime: RAIL_STALE_TIME,
    retry: false,
  });
  // The cards render in the background, in slices, not in one long task as the answer lands: a
  // phone's main thread stays free for the shopper's taps (the skeleton shows meanwhile).
  const shown = useDeferredValue(data);
  if (isError || data?.length === 0) return null;
  return (
    <section ref={ref} aria-labelledby={headingId} className="mt-10">
      <div className="mb-3 flex items-baseline justify-between gap-3">
        <h2 id={headingId} className="text-xl font-bold tracking-tight">
          {title}
        </h2>
        {seeAll && (
          <Link
            to={seeAll}
            aria-label={`See all: ${title}`}
            className="inline-flex min-h-tap shrink-0 items-center font-semibold text-brand-700 underline underline-offset-4"
          >
            See all
          </Link>
        )}
      </div>
      {shown ? (
        <SideScroll labelledBy={headingId}>
          {shown.map((product) => (
            <li key={product.id} className={SIDE_SCROLL_SLOT}>
              <ProductCard product={product} />
            </li>
          ))}
        </SideScroll>
      ) : (
        <div
          aria-hidden="true"
          data-testid="rail-skeleton"
          // The row's size before the cards arrive: the same slots, and the height of a row of
          // rated cards (a card's height follows its name, rating and former price: within a few
          // dozen pixels), so the page below moves little when they land as the shopper scrolls.
          className="-mx-4 flex min-h-108 gap-3 overflow-hidden px-4 pb-2 sm:min-h-116"
        >
          {/* The pulsing boxes only once the products are asked for: the home page's four rails
              below the fold would otherwise start 120 animations, each an event through React,
              in the first seconds of a phone's start-up. */}
          {near &&
            Array.from({ length: 6 }, (_, i) => (
              <ProductCardSkeleton key={i} className={SIDE_SCROLL_SLOT} />
            ))}
        </div>
      )}
    </section>
  );
}
