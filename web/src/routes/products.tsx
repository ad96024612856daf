import { useSearchParams } from 'react-router';
import { ProductListing } from '@/components/product-listing';
import { PageHeading } from '@/components/ui/page-heading';
import { useProductList } from '@/features/catalog/api/get-products';
import { catalogueFilter } from '@/features/listing/catalogue-filter';
import {
  FilteredListing,
  NoResults,
  useListFilter,
} from '@/features/listing/components/filtered-listing';
import { LazyWishlistHeart } from '@/features/wishlist/components/lazy-wishlist-heart';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * 'All Products' (spec §2): the filter is the address's own query string, passed to the API as is
 * (so /products?category__slug=gaming&in_stock=true works); shown in the server's seeded random
 * order, which stays the same while more pages load, unless a sort is chosen.
 */
export default function ProductsPage() {
  useDocumentTitle('All Products');
  const [params] = useSearchParams();
  // Besides the filter bar's, the API's other parameters pass as they are (category__slug…).
  const filter = useListFilter(catalogueFilter(params));
  const list = useProductList(filter);

  return (
    <FilteredListing filter={filter} heading={<PageHeading>All Products</PageHeading>}>
      <ProductListing
        query={list}
        action={(p) => <LazyWishlistHeart productId={p.id} productName={p.name} />}
        empty={
          <NoResults>
            <p className="text-lg">No products found.</p>
          </NoResults>
        }
      />
    </FilteredListing>
  );
}
