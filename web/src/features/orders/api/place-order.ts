import { apiRequest } from '@/lib/api/client';

export interface ShippingDetails {
  shipping_address: string;
  contact_info: string;
  cart?: string;
}

/**
 * `POST /api/store/orders/` — orders the active cart; the answer's `id` names the new order.
 * `idempotencyKey` names one checkout attempt: a repeat of the same attempt (a double tap, a
 * retry after a dropped answer) gets the first order back instead of a second one.
 */
export function placeOrder(body: ShippingDetails, idempotencyKey: string) {
  return apiRequest('post', '/store/orders/', {
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}
