import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { ProductListing } from '@/components/product-listing';
import { PageHeading } from '@/components/ui/page-heading';
import { useCategories } from '@/features/catalog/api/get-categories';
import { useProductList } from '@/features/catalog/api/get-products';
import { toSearchTerm } from '@/features/search/api/search-term';
import {
  FilteredListing,
  NoResults as NoFilteredResults,
  useListFilter,
} from '@/features/listing/components/filtered-listing';
import { NoResults } from '@/features/search/empty/no-results';
import { LazyWishlistHeart } from '@/features/wishlist/components/lazy-wishlist-heart';
import { reportSearchMiss } from '@/lib/analytics';
import { useDocumentTitle } from '@/lib/use-document-title';

/** The typed query of a search address, trimmed: blank asks for nothing. */
export function searchQuery(params: URLSearchParams): string {
  return params.get('query')?.trim() ?? '';
}

export default function SearchPage() {
  const [params] = useSearchParams();
  const query = searchQuery(params);
  useDocumentTitle(query ? `Search Results for ${query}` : 'Search Results');
  if (query === '') {
    return (
      <>
        <PageHeading>Search Results</PageHeading>
        <p className="text-muted">No products found.</p>
      </>
    );
  }
  return <Results query={query} />;
}

function Results({ query }: { query: string }) {
  const term = toSearchTerm(query);
  const filter = useListFilter({ search: term });
  const list = useProductList(filter);
  const nothing = list.isSuccess && list.data.pages[0]?.items.length === 0;
  useEffect(() => {
    if (nothing) reportSearchMiss(term);
  }, [nothing, term]);
  return (
    <FilteredListing
      filter={filter}
      searching
      heading={
        <div>
          <PageHeading>Search Results</PageHeading>
          <p className="-mt-4 text-muted">for “{query}”</p>
        </div>
      }
    >
      <ProductListing
        query={list}
        action={(p) => <LazyWishlistHeart productId={p.id} productName={p.name} />}
        empty={
          // With filters chosen, the way out is clearing them; without, corrections.
          <NoFilteredResults>
            <EmptySearch term={term} />
          </NoFilteredResults>
        }
      />
    </FilteredListing>
  );
}

/** Nothing found: corrections, and the top-level categories to browse instead. */
function EmptySearch({ term }: { term: string }) {
  const categories = useCategories();
  return <NoResults term={term} categories={categories.data ?? []} />;
}
