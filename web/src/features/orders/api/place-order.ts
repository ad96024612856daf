import { apiRequest } from '@/lib/api/client';
import { problemText } from '@/lib/api/problem';
import type { operations } from '@/lib/api/schema';

export const ORDER_FAILED = 'Failed to place order. Please try again.';

/** What a checkout says when its order fails: the failure and the server's reason (a field's). */
export function orderFailure(error: unknown): string {
  const why = problemText(error);
  return why ? `${ORDER_FAILED} ${why}` : ORDER_FAILED;
}

/**
 * What an order is sent: a saved address (`address_id`) or a new one (`address`, optionally
 * saved) — decision 0023 — or the original client's free-text fields; `items` are ordered
 * instead of the bag, which stays as it was.
 */
export type OrderBody = operations['placeOrder']['requestBody']['content']['application/json'];

/**
 * `POST /api/store/orders/` — orders the active cart, or `items` alone (Buy Now); the answer's
 * `id` names the new order.
 * `idempotencyKey` names one checkout attempt: a repeat of the same attempt (a double tap, a
 * retry after a dropped answer) gets the first order back instead of a second one.
 */
export function placeOrder(body: OrderBody, idempotencyKey: string) {
  return apiRequest('post', '/store/orders/', {
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}
