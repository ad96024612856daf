import { GONE, offlineQueue, refusalText } from '@/lib/offline-queue';
import { QUEUE_KEY, REFUSED_KEY } from '@/lib/offline-queue-keys';
import type { ApiError } from '@/lib/api/client';
import { addToCart, removeCartItem, updateCartItem } from './cart-items';

// Changes to the bag made offline (docs/decisions/0026), through the shared queue
// (lib/offline-queue.ts): a stock limit or a product that went away is shown to the shopper.

export type QueuedChange =
  | { kind: 'add'; productId: number; variantId?: number; quantity: number; name: string }
  | { kind: 'quantity'; itemId: number; quantity: number; name: string }
  | { kind: 'remove'; itemId: number; name: string };

export { QUEUE_KEY, REFUSED_KEY };

/** What a waiting change will do, in the shopper's words. */
export function describeChange(change: QueuedChange): string {
  switch (change.kind) {
    case 'add':
      return `Add ${change.name} (${String(change.quantity)})`;
    case 'quantity':
      return `Change ${change.name} to ${String(change.quantity)}`;
    case 'remove':
      return `Remove ${change.name}`;
  }
}

function send(change: QueuedChange): Promise<unknown> {
  switch (change.kind) {
    case 'add':
      return addToCart(change.productId, change.quantity, change.variantId);
    case 'quantity':
      return updateCartItem(change.itemId, change.quantity);
    case 'remove':
      return removeCartItem(change.itemId);
  }
}

/**
 * Whether the product or line went away meanwhile: a line answers 404, a product the API's
 * `product_id` (or a variant's `variant_id`) field error ('Invalid pk "31" - object does not exist.',
 * not for shoppers' eyes).
 */
function gone(error: ApiError): boolean {
  const body = error.body;
  return (
    error.status === 404 ||
    (typeof body === 'object' && body !== null && ('product_id' in body || 'variant_id' in body))
  );
}

export const bagQueue = offlineQueue<QueuedChange>({
  key: QUEUE_KEY,
  refusedKey: REFUSED_KEY,
  send,
  describe: describeChange,
  refusal: (_, error) => (gone(error) ? GONE : refusalText(error, 'The shop refused this change.')),
});

export const queuedChanges = bagQueue.changes;
export const queueChange = bagQueue.queue;
export const useQueuedChanges = bagQueue.useChanges;
export const useRefusals = bagQueue.useRefusals;
export const dismissRefusals = bagQueue.dismissRefusals;
export const forgetQueuedChanges = bagQueue.forget;
export const sendQueuedChanges = bagQueue.send;
