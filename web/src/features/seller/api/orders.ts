import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet, apiRequest, pageOf } from '@/lib/api/client';
import { isForbidden } from './errors';
import type { SellerOrderPage, SellerOrderStatus } from './types';

export const ORDERS_PAGE_SIZE = 20;

export const sellerOrdersQueryKey = ['seller', 'orders'] as const;

/** `GET /api/seller/orders/` — paid orders with this store's lines, newest first. */
export function useSellerOrders(status: SellerOrderStatus | undefined, page: number) {
  return useQuery({
    queryKey: [...sellerOrdersQueryKey, { status, page }],
    queryFn: async ({ signal }) =>
      pageOf<SellerOrderPage>(
        await apiGet('/seller/orders/', {
          query: { status, page, page_size: ORDERS_PAGE_SIZE },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
    throwOnError: isForbidden,
  });
}

/** `POST /api/seller/orders/{id}/ship/` — processing → shipped, with an optional tracking note. */
export function shipOrder(id: string, trackingNote: string) {
  return apiRequest('post', '/seller/orders/{id}/ship/', {
    params: { id },
    body: { tracking_note: trackingNote },
  });
}

/** `POST /api/seller/orders/{id}/deliver/` — shipped → delivered. */
export function deliverOrder(id: string) {
  return apiRequest('post', '/seller/orders/{id}/deliver/', { params: { id } });
}

/** `POST /api/seller/orders/{id}/paid-on-delivery/` — the rider collected the part's money: paid and delivered. */
export function markPaidOnDelivery(id: string) {
  return apiRequest('post', '/seller/orders/{id}/paid-on-delivery/', { params: { id } });
}

/** `POST /api/seller/orders/{id}/cancel/` — cancels the store's unpaid pay-on-delivery part. */
export function cancelPart(id: string, reason: string) {
  return apiRequest('post', '/seller/orders/{id}/cancel/', { params: { id }, body: { reason } });
}

/**
 * `POST /api/seller/orders/{id}/refunds/` — refunds the store's own part of a paid order, fully
 * (no amount) or partly. `idempotencyKey` names one attempt: a double tap replays the first.
 */
export function refundPart(
  id: string,
  body: { amount_minor: number | null; reason: string | null },
  idempotencyKey: string,
) {
  return apiRequest('post', '/seller/orders/{id}/refunds/', {
    params: { id },
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}
