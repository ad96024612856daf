import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useAuthDialog } from '@/app/auth-dialog';
import { showToast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api/client';
import { useSignedIn } from '@/lib/auth/session';
import { cx } from '@/lib/cx';
import { isOnline } from '@/lib/online';
import { addToWishlist, removeFromWishlist, useWishlist, wishlistQueryKey } from '../api/wishlist';
import { removeOffline, saveOffline, savedWith, wishlistQueue } from '../api/offline-queue';
import { Icon } from '@/components/ui/icon';

/** Spec §8's texts for a toggle that failed with `status`. */
export function wishlistErrorMessage(status: number | undefined): string {
  const code = String(status ?? 0);
  return status === 401
    ? `You need to log in to add to your wishlist. (Error Status: ${code})`
    : `An error occurred while updating your wishlist. (Error Status: ${code})`;
}

export const SAVED_OFFLINE = 'Saved. It is added to your wishlist when you are back online.';

/**
 * The heart on a product card (spec §4 Wishlist): adds the product when it is not on the list,
 * otherwise removes it; busy while the request runs. A visitor pressing it gets the sign-in
 * dialog, and the product is added once they have signed in. Offline, the change waits on the
 * device (../api/offline-queue.ts) and the heart shows it at once.
 */
export default function WishlistHeart({
  productId,
  productName,
}: {
  productId: number;
  productName: string;
}) {
  const signedIn = useSignedIn();
  const { whenSignedIn } = useAuthDialog();
  const client = useQueryClient();
  const { data: entries } = useWishlist(signedIn);
  const entry = signedIn ? entries?.find((e) => e.product === productId) : undefined;
  const waiting = wishlistQueue.useChanges();
  const saved = signedIn && savedWith(waiting, productId, Boolean(entry));
  const [busy, setBusy] = useState(false);

  async function toggle() {
    if (!isOnline()) {
      if (saved) {
        removeOffline(productId, productName, entry?.id);
      } else {
        saveOffline(productId, productName);
        showToast(SAVED_OFFLINE);
      }
      return;
    }
    // Online, the shopper's choice now replaces any of this product's changes still waiting.
    if (waiting.some((change) => change.productId === productId)) {
      wishlistQueue.replace(waiting.filter((change) => change.productId !== productId));
    }
    setBusy(true);
    try {
      if (saved && entry) {
        await removeFromWishlist(entry.id);
      } else if (!saved) {
        await addToWishlist(productId);
        showToast('Added to your wishlist!');
      }
      await client.invalidateQueries({ queryKey: wishlistQueryKey });
    } catch (error) {
      showToast(
        wishlistErrorMessage(error instanceof ApiError ? error.status : undefined),
        'error',
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-label={`Save ${productName} to wishlist`}
      aria-busy={busy}
      disabled={busy}
      onClick={() => {
        whenSignedIn(() => void toggle());
      }}
      className="inline-flex size-tap shrink-0 items-center justify-center rounded-pill bg-white/90 text-danger-600 shadow-card hover:bg-white disabled:opacity-60"
    >
      <Icon className={cx('size-5', busy && 'animate-pulse')} filled={saved}>
        <path d="M12 20s-7-4.4-9.2-8.6C1.3 8.6 3 5 6.5 5c2 0 3.5 1.2 5.5 3.2C14 6.2 15.5 5 17.5 5 21 5 22.7 8.6 21.2 11.4 19 15.6 12 20 12 20Z" />
      </Icon>
    </button>
  );
}
