import { GONE, offlineQueue, refusalText } from '@/lib/offline-queue';
import { WISHLIST_QUEUE_KEY, WISHLIST_REFUSED_KEY } from '@/lib/offline-queue-keys';
import { addToWishlist, removeFromWishlist } from './wishlist';

// Wishlist changes made offline (docs/decisions/0026), through the same queue as the bag's
// (lib/offline-queue.ts). The hearts and the wishlist page show the server's list with the waiting
// changes applied; when they are sent, the server's answer wins: a product that went away is
// shown to the shopper, and a change the server finds made already (the product saved twice, an
// entry removed elsewhere) is harmless and dropped quietly.

export type WishlistChange =
  | { kind: 'add'; productId: number; name: string }
  | { kind: 'remove'; entryId: number; productId: number; name: string };

export { WISHLIST_QUEUE_KEY, WISHLIST_REFUSED_KEY };

export function describeWishlistChange(change: WishlistChange): string {
  return change.kind === 'add'
    ? `Save ${change.name} to your wishlist`
    : `Remove ${change.name} from your wishlist`;
}

export const wishlistQueue = offlineQueue<WishlistChange>({
  key: WISHLIST_QUEUE_KEY,
  refusedKey: WISHLIST_REFUSED_KEY,
  send: (change) =>
    change.kind === 'add' ? addToWishlist(change.productId) : removeFromWishlist(change.entryId),
  describe: describeWishlistChange,
  refusal: (change, error) => {
    if (change.kind === 'remove') {
      // 404: the entry is gone already (removed on another device, or its product withdrawn),
      // which is what the shopper asked for.
      return error.status === 404 ? null : refusalText(error, 'The shop refused this change.');
    }
    // A product that went away answers the `product` field error ('Invalid pk "31" - object
    // does not exist.'), not words for shoppers.
    const body = error.body;
    const gone =
      error.status === 404 || (typeof body === 'object' && body !== null && 'product' in body);
    return gone ? GONE : refusalText(error, 'The shop refused this change.');
  },
});

/**
 * Whether a product shows as saved: the shopper's last waiting change of it, else the server's
 * list (`onServer`).
 */
export function savedWith(
  changes: readonly WishlistChange[],
  productId: number,
  onServer: boolean,
): boolean {
  const own = changes.filter((change) => change.productId === productId);
  const last = own[own.length - 1];
  return last ? last.kind === 'add' : onServer;
}

/**
 * Saves a product offline. Undoing a waiting removal takes the removal out (nothing to send);
 * a product already waiting to be saved is not queued twice.
 */
export function saveOffline(productId: number, name: string) {
  const waiting = wishlistQueue.changes();
  if (waiting.some((change) => change.kind === 'remove' && change.productId === productId)) {
    wishlistQueue.replace(waiting.filter((change) => change.productId !== productId));
  } else if (!waiting.some((change) => change.productId === productId)) {
    wishlistQueue.queue({ kind: 'add', productId, name });
  }
}

/**
 * Removes a product offline: a save still waiting is taken out; an entry the server has
 * (`entryId`) waits to be deleted.
 */
export function removeOffline(productId: number, name: string, entryId: number | undefined) {
  const others = wishlistQueue.changes().filter((change) => change.productId !== productId);
  wishlistQueue.replace(
    entryId === undefined ? others : [...others, { kind: 'remove', entryId, productId, name }],
  );
}
