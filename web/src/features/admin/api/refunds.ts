import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

export type QueuedRefund = components['schemas']['QueuedRefund'];
type RefundRequest = components['schemas']['RefundRequest'];

export const refundQueueQueryKey = ['admin', 'refunds'] as const;

/** `GET /api/admin/refunds/queue/` — payments flagged for refund with money still to give back. */
export function useRefundQueue() {
  return useQuery({
    queryKey: refundQueueQueryKey,
    queryFn: ({ signal }) => apiRequest('get', '/admin/refunds/queue/', { signal }),
    staleTime: 0,
  });
}

/**
 * `POST /api/admin/payments/{id}/refunds/` — refunds a payment (all that is left when no amount).
 * `idempotencyKey` names one attempt: a double tap or a retry replays the first refund.
 */
export function refundPayment(id: number, body: RefundRequest, idempotencyKey: string) {
  return apiRequest('post', '/admin/payments/{id}/refunds/', {
    params: { id },
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** `POST /api/admin/orders/{id}/refunds/` — refunds the payment that paid an order, fully or partly. */
export function refundOrder(id: string, body: RefundRequest, idempotencyKey: string) {
  return apiRequest('post', '/admin/orders/{id}/refunds/', {
    params: { id },
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}
