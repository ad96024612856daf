import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

export type PaymentSettings = components['schemas']['PaymentSettings'];

export const paymentSettingsQueryKey = ['admin', 'payment-settings'] as const;

/** `GET /api/admin/settings/payments/` — pay on delivery's switch and ceiling, and store refunds'. */
export function usePaymentSettings() {
  return useQuery({
    queryKey: paymentSettingsQueryKey,
    queryFn: ({ signal }) => apiRequest('get', '/admin/settings/payments/', { signal }),
    staleTime: 0,
  });
}

/** `PATCH /api/admin/settings/payments/` — changes the sent switches; the ceiling in cedis as typed. */
export function updatePaymentSettings(body: {
  cod_enabled?: boolean;
  cod_max_amount?: string;
  store_refunds?: boolean;
}) {
  return apiRequest('patch', '/admin/settings/payments/', { body });
}
