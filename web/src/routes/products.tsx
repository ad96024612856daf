import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { ProductListing } from '@/components/product-listing';
import { PageHeading } from '@/components/ui/page-heading';
import { useProductList } from '@/features/catalog/api/get-products';
import { LazyWishlistHeart } from '@/features/wishlist/components/lazy-wishlist-heart';
import { useDocumentTitle } from '@/lib/use-document-title';

// The sort control (an addition to the spec's random order): values of the API's `ordering`.
const SORTS = [
  { value: '', label: 'Recommended' },
  { value: 'unit_price', label: 'Price: low to high' },
  { value: '-unit_price', label: 'Price: high to low' },
  { value: '-date_created', label: 'Newest' },
  { value: '-average_rating', label: 'Top rated' },
  { value: 'name', label: 'Name' },
] as const;

// Paging is the list's own business: a `page` in the address would not survive scrolling.
const PAGING = new Set(['page', 'page_size', 'fields', 'seed']);

/** The catalogue's filter: its address's query string without paging and empty values. */
export function catalogueFilter(params: URLSearchParams): Record<string, string> {
  const filter: Record<string, string> = {};
  for (const [key, value] of params) if (!PAGING.has(key) && value !== '') filter[key] = value;
  return filter;
}

/**
 * 'All Products' (spec §2): the filter is the address's own query string, passed to the API as is
 * (so /products?category__slug=gaming&in_stock=true works); shown in the server's seeded random
 * order, which stays the same while more pages load, unless a sort is chosen.
 */
export default function ProductsPage() {
  useDocumentTitle('All Products');
  const [params, setParams] = useSearchParams();
  const selectId = useId();
  const list = useProductList(catalogueFilter(params));
  const ordering = params.get('ordering') ?? '';

  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-x-3">
        <PageHeading>All Products</PageHeading>
        <div className="flex items-center gap-2">
          <label htmlFor={selectId} className="text-sm font-semibold">
            Sort by
          </label>
          <select
            id={selectId}
            value={ordering}
            onChange={(event) => {
              const next = new URLSearchParams(params);
              if (event.target.value) next.set('ordering', event.target.value);
              else next.delete('ordering');
              setParams(next, { replace: true });
            }}
            className="min-h-tap rounded-control border border-line bg-white px-2"
          >
            {SORTS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <ProductListing
        query={list}
        action={(p) => <LazyWishlistHeart productId={p.id} productName={p.name} />}
        empty={<p className="text-lg">No products found.</p>}
      />
    </>
  );
}
