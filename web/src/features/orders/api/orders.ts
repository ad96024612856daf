import { useQuery } from '@tanstack/react-query';
import { apiGet, apiRequest, listItems } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

export type Order = components['schemas']['Order'];

export const ordersQueryKey = ['orders'] as const;
const orderQueryKey = (id: string) => ['orders', id] as const;

/** `GET /api/store/orders/` — the shopper's orders, newest first. */
export function useOrders() {
  return useQuery({
    queryKey: ordersQueryKey,
    queryFn: async ({ signal }) => listItems(await apiGet('/store/orders/', { signal })),
    // Orders change on the server (payment, shipping): always re-read on a visit.
    staleTime: 0,
  });
}

/** `GET /api/store/orders/{id}/` — one of the shopper's orders (404 when it is not theirs). */
export function useOrder(id: string) {
  return useQuery({
    queryKey: orderQueryKey(id),
    queryFn: ({ signal }) => apiGet('/store/orders/{id}/', { params: { id }, signal }),
    staleTime: 0,
  });
}

/** `DELETE /api/store/orders/{id}/` — cancels a pending order (the server releases its stock). */
export async function deleteOrder(id: string) {
  await apiRequest('delete', '/store/orders/{id}/', { params: { id } });
}

export type Refund = components['schemas']['Refund'];

/** `GET /api/store/orders/{id}/refunds/` — what was refunded of one of the shopper's orders. */
export function useOrderRefunds(id: string) {
  return useQuery({
    queryKey: [...orderQueryKey(id), 'refunds'],
    queryFn: ({ signal }) => apiGet('/store/orders/{id}/refunds/', { params: { id }, signal }),
    staleTime: 0,
  });
}
