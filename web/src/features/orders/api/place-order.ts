import { apiRequest } from '@/lib/api/client';

/** `POST /api/store/orders/` — orders the active cart; the answer's `id` names the new order. */
export function placeOrder(body: {
  shipping_address: string;
  contact_info: string;
  cart?: string;
}) {
  return apiRequest('post', '/store/orders/', { body });
}
