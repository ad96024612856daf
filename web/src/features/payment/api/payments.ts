import { apiRequest, listItems } from '@/lib/api/client';
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

export type Network = 'mtn' | 'vod' | 'atl';

/**
 * `POST /api/store/payments/mobile-money/` — charges the order to a mobile money wallet; the
 * answer says what the shopper does next (`mobile_money.state`). A charge already waiting for the
 * order comes back as it is, so a reload or a second tab never sends a second prompt.
 */
export function payMobileMoney(orderId: string, phone: string, network: Network): Promise<Payment> {
  return apiRequest('post', '/store/payments/mobile-money/', {
    body: { order: orderId, phone, network },
  });
}

/** `POST /api/store/payments/mobile-money/code/` — the Telecel voucher code of a waiting charge. */
export function submitMobileMoneyCode(reference: string, otp: string): Promise<Payment> {
  return apiRequest('post', '/store/payments/mobile-money/code/', { body: { reference, otp } });
}

/** The order's mobile money charge still waiting for approval, if any (the newest attempts). */
export async function waitingMobileMoney(orderId: string): Promise<Payment | null> {
  // The order's own attempts: among all of the shopper's, a page could miss it.
  const list = listItems(
    await apiRequest('get', '/store/payments/', { query: { order: orderId, page: 1 } }),
  );
  return (
    list.find(
      (p) => p.order === orderId && p.status === 'pending' && p.channel === 'mobile_money',
    ) ?? null
  );
}

export type PayOnDeliveryOption = components['schemas']['PayOnDeliveryOption'];

/** `GET /api/store/orders/{id}/pay-on-delivery/` — whether the server allows pay on delivery, and why not. */
export function payOnDeliveryOption(orderId: string, signal?: AbortSignal) {
  return apiRequest('get', '/store/orders/{id}/pay-on-delivery/', {
    params: { id: orderId },
    signal,
  });
}

/** `POST /api/store/orders/{id}/pay-on-delivery/` — asks to pay on delivery; the server decides. */
export function choosePayOnDelivery(orderId: string) {
  return apiRequest('post', '/store/orders/{id}/pay-on-delivery/', { params: { id: orderId } });
}
