import { apiRequest } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

export type Payment = components['schemas']['Payment'];

/**
 * `POST /api/store/payments/` — the order's open payment attempt, created on first call. The
 * server takes the amount from the order; none is sent, so no client arithmetic can disagree.
 */
export function createPayment(orderId: string): Promise<Payment> {
  return apiRequest('post', '/store/payments/', { body: { order: orderId } });
}

/** `POST /api/store/payments/test-charge/` — charges a test card (test mode only). */
export function chargeTestCard(reference: string, cardNumber: string) {
  return apiRequest('post', '/store/payments/test-charge/', {
    body: { reference, card_number: cardNumber },
  });
}

/** `POST /api/store/payments/verify/` — asks the server to confirm the charge and fulfil the order. */
export function verifyPayment(reference: string) {
  return apiRequest('post', '/store/payments/verify/', { body: { reference } });
}
