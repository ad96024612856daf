import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { ProductListing } from '@/components/product-listing';
import { LoadError } from '@/components/ui/alert';
import { Handle } from '@/components/ui/handle';
import { Loading } from '@/components/ui/loading';
import { DetailSkeleton } from '@/components/ui/skeleton';
import { useProductList } from '@/features/catalog/api/get-products';
import { catalogueFilter } from '@/features/listing/catalogue-filter';
import {
  FilteredListing,
  NoResults,
  useListFilter,
} from '@/features/listing/components/filtered-listing';
import { useStore, type Store } from '@/features/stores/api/get-stores';
import { StoreLogo, StoreRating } from '@/features/stores/components/store-rating';
import { storeIdOf, storePath } from '@/lib/store-path';
import { LazyWishlistHeart } from '@/features/wishlist/components/lazy-wishlist-heart';
import { ApiError } from '@/lib/api/client';
import { useDocumentTitle } from '@/lib/use-document-title';

export const STORE_FAILED = 'Failed to load store.';
export const STORE_MISSING = 'This store is not open on Dwa.';

/**
 * A store's page, `/stores/<id>-<name words>` (lib/store-path.ts): who it is, its
 * verified rating and its products, filtered and sorted by the address's query string like
 * 'All Products' (the API's own parameters, `store` fixed to this one).
 */
export default function StorePage() {
  const id = storeIdOf(useParams().storeSlug);
  const { data: store, isPending, isError, error, refetch } = useStore(id);
  const missing = id === 0 || (error instanceof ApiError && error.status === 404);
  useDocumentTitle(store?.name ?? (missing ? 'Store not found' : 'Store'));
  useCurrentAddress(store);

  if (missing) {
    return (
      <section className="py-8 text-center">
        <h1 className="text-2xl font-bold">Store not found</h1>
        <p className="mt-3">{STORE_MISSING}</p>
        <Link to="/stores" className="mt-6 inline-block font-semibold text-brand-700 underline">
          See all stores
        </Link>
      </section>
    );
  }
  if (isError) return <LoadError text={STORE_FAILED} onRetry={() => void refetch()} />;
  if (isPending) {
    return (
      <Loading>
        <DetailSkeleton />
      </Loading>
    );
  }
  return (
    <>
      <StoreHeader store={store} />
      <StoreProducts store={store} />
    </>
  );
}

/** An old link (a renamed store, or the id alone) moves to the store's current address. */
function useCurrentAddress(store: Store | undefined) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const current = store && storePath(store);
  useEffect(() => {
    if (current && current !== pathname) void navigate(current + search, { replace: true });
  }, [current, pathname, search, navigate]);
}

function StoreHeader({ store }: { store: Store }) {
  return (
    <header className="mb-6 flex flex-col gap-4 rounded-card bg-white p-4 shadow-card sm:flex-row sm:items-start">
      <StoreLogo store={store} size="lg" />
      <div className="min-w-0 flex-1">
        <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{store.name}</h1>
        <div className="mt-1">
          <StoreRating store={store} />
        </div>
        {store.description && <p className="mt-3 break-words">{store.description}</p>}
        <p className="mt-3 text-sm break-words">
          <span className="font-semibold">Contact: </span>
          {store.contact_info ? <Handle text={store.contact_info} /> : 'No contact details given.'}
        </p>
        <Link
          to="/stores"
          className="mt-3 inline-block text-sm font-semibold text-brand-700 underline"
        >
          All stores
        </Link>
      </div>
    </header>
  );
}

function StoreProducts({ store }: { store: Store }) {
  const [params] = useSearchParams();
  const filter = useListFilter({ ...catalogueFilter(params), store: String(store.id) }, false);
  const list = useProductList(filter);
  return (
    <section aria-labelledby="store-products">
      <FilteredListing
        filter={filter}
        showStore={false}
        heading={
          <h2 id="store-products" className="text-xl font-bold">
            Products
          </h2>
        }
      >
        <ProductListing
          query={list}
          action={(p) => <LazyWishlistHeart productId={p.id} productName={p.name} />}
          empty={
            <NoResults>
              <p className="text-lg">This store has no products on sale yet.</p>
            </NoResults>
          }
        />
      </FilteredListing>
    </section>
  );
}
