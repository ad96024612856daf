import { useState, type SubmitEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadError } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Loading } from '@/components/ui/loading';
import { ListSkeleton } from '@/components/ui/skeleton';
import { PageHeading } from '@/components/ui/page-heading';
import { useStoreDirectory, type Store } from '@/features/stores/api/get-stores';
import { StoreLogo, StoreRating } from '@/features/stores/components/store-rating';
import { storePath } from '@/lib/store-path';
import { useDocumentTitle } from '@/lib/use-document-title';

export const STORES_FAILED = 'Failed to fetch stores.';

/** The store directory: every open store by name, found by name (`?search=`, shareable). */
export default function StoresPage() {
  useDocumentTitle('Stores');
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const [text, setText] = useState(search);
  const directory = useStoreDirectory(search);

  function find(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = new URLSearchParams(params);
    if (text.trim()) next.set('search', text.trim());
    else next.delete('search');
    setParams(next, { replace: true });
  }

  return (
    <>
      <PageHeading>Stores</PageHeading>
      <form role="search" aria-label="Stores" onSubmit={find} className="mb-6 flex items-end gap-2">
        <Field
          label="Find a store"
          type="search"
          value={text}
          onValueChange={setText}
          className="min-w-0 flex-1 sm:max-w-sm"
        />
        <Button type="submit" variant="secondary">
          Find
        </Button>
      </form>
      <Directory search={search} directory={directory} />
    </>
  );
}

function Directory({
  search,
  directory,
}: {
  search: string;
  directory: ReturnType<typeof useStoreDirectory>;
}) {
  if (directory.isPending) {
    return (
      <Loading>
        <ListSkeleton />
      </Loading>
    );
  }
  if (directory.isError) {
    return <LoadError text={STORES_FAILED} onRetry={() => void directory.refetch()} />;
  }
  const stores = directory.data.pages.flatMap((page) => page.results);
  if (stores.length === 0) {
    return (
      <p className="text-lg">
        {search ? `No store’s name contains “${search}”.` : 'No stores are open yet.'}
      </p>
    );
  }
  return (
    <>
      <p className="mb-3 text-sm text-muted">
        {directory.data.pages[0]?.count === 1
          ? '1 store'
          : `${String(directory.data.pages[0]?.count ?? stores.length)} stores`}
      </p>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {stores.map((store) => (
          <li key={store.id}>
            <StoreEntry store={store} />
          </li>
        ))}
      </ul>
      {directory.hasNextPage && (
        <div className="mt-6 flex justify-center">
          <Button
            variant="secondary"
            disabled={directory.isFetchingNextPage}
            onClick={() => void directory.fetchNextPage()}
          >
            {directory.isFetchingNextPage ? 'Loading...' : 'Load more stores'}
          </Button>
        </div>
      )}
    </>
  );
}

/** One store of the directory: the whole card opens its page. */
function StoreEntry({ store }: { store: Store }) {
  return (
    <Link
      to={storePath(store)}
      className="flex h-full items-start gap-3 rounded-card bg-white p-3 shadow-card hover:shadow-lg focus-visible:shadow-lg"
    >
      <StoreLogo store={store} size="sm" />
      <span className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="font-semibold break-words text-ink">{store.name}</span>
        <StoreRating store={store} />
        {store.description && (
          <span className="line-clamp-2 text-sm text-muted">{store.description}</span>
        )}
      </span>
    </Link>
  );
}
