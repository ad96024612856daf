import { apiRequest } from '@/lib/api/client';
import { problemText } from '@/lib/api/problem';

export const ORDER_FAILED = 'Failed to place order. Please try again.';

/** What a checkout says when its order fails: the failure and the server's reason (a field's). */
export function orderFailure(error: unknown): string {
  const why = problemText(error);
  return why ? `${ORDER_FAILED} ${why}` : ORDER_FAILED;
}

/** A product and quantity ordered on its own (Buy Now). */
interface OrderLine {
  product_id: number;
  quantity: number;
}

export interface ShippingDetails {
  shipping_address: string;
  contact_info: string;
  cart?: string;
  /** Ordered instead of the bag, which stays as it was. */
  items?: OrderLine[];
}

/**
 * `POST /api/store/orders/` — orders the active cart, or `items` alone (Buy Now); the answer's
 * `id` names the new order.
 * `idempotencyKey` names one checkout attempt: a repeat of the same attempt (a double tap, a
 * retry after a dropped answer) gets the first order back instead of a second one.
 */
export function placeOrder(body: ShippingDetails, idempotencyKey: string) {
  return apiRequest('post', '/store/orders/', {
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}
