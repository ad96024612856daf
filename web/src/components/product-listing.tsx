import type { ReactNode } from 'react';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Loading } from '@/components/ui/loading';
import { ProductGridSkeleton } from '@/components/ui/skeleton';
import type { CardProduct } from './product-card';
import { ProductGrid } from './product-grid';

/** What a paged product query offers (TanStack Query's infinite query, narrowed). */
export interface ProductPages {
  data?: { pages: readonly { items: readonly CardProduct[] }[] };
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isRefetching: boolean;
  fetchNextPage: () => void;
  refetch: () => unknown;
}

/** A product list's states: skeleton, the spec's error text, `empty`, or the growing grid. */
export function ProductListing({
  query,
  empty,
  action,
}: {
  query: ProductPages;
  empty: ReactNode;
  action?: (product: CardProduct) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <Loading>
        <ProductGridSkeleton />
      </Loading>
    );
  }
  if (query.isError || !query.data) {
    return (
      <ErrorAlert>
        <span>Failed to fetch products.</span>
        <Button
          variant="secondary"
          disabled={query.isRefetching}
          onClick={() => {
            void query.refetch();
          }}
        >
          Try again
        </Button>
      </ErrorAlert>
    );
  }
  const products = query.data.pages.flatMap((page) => page.items);
  if (products.length === 0) return <>{empty}</>;
  return (
    <ProductGrid
      products={products}
      hasMore={query.hasNextPage}
      loadingMore={query.isFetchingNextPage}
      onLoadMore={query.fetchNextPage}
      action={action}
    />
  );
}
