import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadError } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { Loading } from '@/components/ui/loading';
import { PageHeading } from '@/components/ui/page-heading';
import { ProductCard } from '@/components/product-card';
import { WaitingList } from '@/components/waiting-list';
import { ProductGridSkeleton } from '@/components/ui/skeleton';
import {
  removeFromWishlist,
  useWishlistProducts,
  wishlistQueryKey,
  type WishlistEntry,
} from '@/features/wishlist/api/wishlist';
import { removeOffline, savedWith, wishlistQueue } from '@/features/wishlist/api/offline-queue';
import { wishlistErrorMessage } from '@/features/wishlist/components/wishlist-heart';
import { ApiError } from '@/lib/api/client';
import { isOnline } from '@/lib/online';
import { useDocumentTitle } from '@/lib/use-document-title';

export const WISHLIST_FAILED = 'Error fetching wishlist products!';

/**
 * The wishlist (spec §2): a card per saved product, linking to it, with Remove. Read offline, it
 * is the list as last seen (the service worker keeps it) with the changes made offline applied:
 * removals are left out, saves wait under 'Waiting for a connection'.
 */
export default function WishlistPage() {
  useDocumentTitle('Your Wishlist');
  const { data: entries, isPending, isError, refetch } = useWishlistProducts();
  const waiting = wishlistQueue.useChanges();

  let content;
  if (isPending) {
    content = (
      <Loading>
        <ProductGridSkeleton count={4} />
      </Loading>
    );
  } else if (isError) {
    content = <LoadError text={WISHLIST_FAILED} onRetry={() => void refetch()} />;
  } else {
    // An entry whose product can no longer be shown has no summary: it is left out, never a
    // broken card (contract §2.6 hides inactive products' entries anyway).
    const shown = entries.filter(
      (entry) => entry.product_summary && savedWith(waiting, entry.product, true),
    );
    content =
      shown.length === 0 ? (
        <div className="rounded-card bg-white p-6 text-center shadow-card">
          <p className="mb-4 text-lg">Your wishlist is empty.</p>
          <ButtonLink to="/products">Browse Products</ButtonLink>
        </div>
      ) : (
        <ul
          aria-label="Saved products"
          className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4"
        >
          {shown.map((entry) => (
            <li key={entry.id}>
              <SavedProduct entry={entry} />
            </li>
          ))}
        </ul>
      );
  }

  return (
    <>
      <PageHeading>Your Wishlist</PageHeading>
      <WaitingSaves />
      {content}
    </>
  );
}

/** The products saved offline, shown until they are sent. */
function WaitingSaves() {
  const saves = wishlistQueue.useChanges().filter((change) => change.kind === 'add');
  return (
    <WaitingList
      id="waiting-saves"
      note="These products are added to your wishlist when you are back online."
      items={saves.map((change) => change.name)}
    />
  );
}

function SavedProduct({ entry }: { entry: WishlistEntry }) {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const product = entry.product_summary;
  if (!product) return null;

  async function remove() {
    if (!product) return;
    if (!isOnline()) {
      removeOffline(entry.product, product.name, entry.id);
      return;
    }
    setBusy(true);
    setError('');
    try {
      await removeFromWishlist(entry.id);
      await client.invalidateQueries({ queryKey: wishlistQueryKey });
    } catch (e) {
      setError(wishlistErrorMessage(e instanceof ApiError ? e.status : undefined));
      setBusy(false);
    }
  }

  return (
    <div className="flex h-full flex-col gap-2">
      <ProductCard product={{ ...product, description: '' }} />
      <Button
        variant="secondary"
        aria-label={`Remove ${product.name} from wishlist`}
        disabled={busy}
        onClick={() => void remove()}
      >
        {busy ? 'Removing…' : 'Remove'}
      </Button>
      {error && (
        <p role="alert" className="text-sm text-danger-700">
          {error}
        </p>
      )}
    </div>
  );
}
