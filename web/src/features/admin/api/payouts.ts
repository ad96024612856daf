import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest, pageOf } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

type Schemas = components['schemas'];

export type StoreBalance = Schemas['StoreBalance'];
export type PayoutSettings = Schemas['PayoutSettings'];
export type PayoutSettingsPatch = Schemas['PayoutSettingsPatch'];
export type CommissionRates = Schemas['CommissionRates'];

export const BALANCES_PAGE_SIZE = 20;
export const PAYOUTS_PAGE_SIZE = 20;

/** Everything on the staff payouts page that a hold, a rate or a setting may change. */
export const adminPayoutsQueryKey = ['admin', 'payouts'] as const;
export const payoutSettingsQueryKey = [...adminPayoutsQueryKey, 'settings'] as const;
export const commissionRatesQueryKey = [...adminPayoutsQueryKey, 'rates'] as const;

/** `GET /api/admin/payouts/balances/` — every store's balances and hold, by store name. */
export function useStoreBalances(page: number) {
  return useQuery({
    queryKey: [...adminPayoutsQueryKey, 'balances', page],
    queryFn: async ({ signal }) =>
      pageOf(
        await apiRequest('get', '/admin/payouts/balances/', {
          query: { page, page_size: BALANCES_PAGE_SIZE },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** `GET /api/admin/payouts/commission/` — the mall's commission income, in total and by month. */
export function useCommissionIncome() {
  return useQuery({
    queryKey: [...adminPayoutsQueryKey, 'commission'],
    queryFn: ({ signal }) => apiRequest('get', '/admin/payouts/commission/', { signal }),
    staleTime: 0,
  });
}

/** `GET /api/admin/payouts/` — every store's payouts, newest first. */
export function useAllPayouts(page: number) {
  return useQuery({
    queryKey: [...adminPayoutsQueryKey, 'list', page],
    queryFn: async ({ signal }) =>
      pageOf(
        await apiRequest('get', '/admin/payouts/', {
          query: { page, page_size: PAYOUTS_PAGE_SIZE },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** `PUT /api/admin/payouts/holds/{id}/` — holds a store's payouts; the reason is required. */
export function holdPayouts(store: number, reason: string) {
  return apiRequest('put', '/admin/payouts/holds/{id}/', {
    params: { id: store },
    body: { reason },
  });
}

/** `DELETE /api/admin/payouts/holds/{id}/` — lets the store's payouts go again. */
export function releasePayouts(store: number) {
  return apiRequest('delete', '/admin/payouts/holds/{id}/', { params: { id: store } });
}

/** `GET /api/admin/settings/payouts/` — default commission, holding days, minimum and schedule. */
export function usePayoutSettings() {
  return useQuery({
    queryKey: payoutSettingsQueryKey,
    queryFn: ({ signal }) => apiRequest('get', '/admin/settings/payouts/', { signal }),
    staleTime: 0,
  });
}

/** `PATCH /api/admin/settings/payouts/` — changes the fields sent. */
export function updatePayoutSettings(body: PayoutSettingsPatch) {
  return apiRequest('patch', '/admin/settings/payouts/', { body });
}

/** `GET /api/admin/commission-rates/` — the default and the per-category and per-store rates. */
export function useCommissionRates() {
  return useQuery({
    queryKey: commissionRatesQueryKey,
    queryFn: ({ signal }) => apiRequest('get', '/admin/commission-rates/', { signal }),
    staleTime: 0,
  });
}

export type RateTarget = 'categories' | 'stores';

/** `PUT /api/admin/commission-rates/{categories|stores}/{id}/` — sets an override; answers all rates. */
export function setCommissionRate(target: RateTarget, id: number, rateBps: number) {
  const body = { rate_bps: rateBps };
  return target === 'categories'
    ? apiRequest('put', '/admin/commission-rates/categories/{id}/', { params: { id }, body })
    : apiRequest('put', '/admin/commission-rates/stores/{id}/', { params: { id }, body });
}

/** `DELETE /api/admin/commission-rates/{categories|stores}/{id}/` — removes an override. */
export function clearCommissionRate(target: RateTarget, id: number) {
  return target === 'categories'
    ? apiRequest('delete', '/admin/commission-rates/categories/{id}/', { params: { id } })
    : apiRequest('delete', '/admin/commission-rates/stores/{id}/', { params: { id } });
}

/**
 * `POST /api/admin/payouts/adjustments/` — credits (amount > 0) or debits a store's available
 * balance with a reason the seller sees. `idempotencyKey` names one attempt: a double tap replays
 * the first adjustment.
 */
export function adjustBalance(
  store: number,
  amountMinor: number,
  reason: string,
  idempotencyKey: string,
) {
  return apiRequest('post', '/admin/payouts/adjustments/', {
    body: { store, amount_minor: amountMinor, reason },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}
