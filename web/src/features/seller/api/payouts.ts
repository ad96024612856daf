import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet, apiGetWithHeaders, apiRequest, pageOf } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { isForbidden } from './errors';

type Schemas = components['schemas'];

/** `GET /api/seller/balance/` — the four balances in pesewas, the hold, the minimum and the account. */
export type SellerBalance = Schemas['SellerBalance'];
export type PayoutAccount = Schemas['PayoutAccount'];
export type PayoutAccountInput = Schemas['PayoutAccountRequest'];
export type PayoutBank = Schemas['PayoutBank'];
export type AccountType = PayoutBank['type'];
export type Payout = Schemas['Payout'];
export type LedgerEntry = Schemas['LedgerEntry'];

export const LEDGER_PAGE_SIZE = 20;
export const PAYOUTS_PAGE_SIZE = 10;

/** Everything a payout or an account change may alter: the balance, the ledger and the payouts. */
export const sellerPayoutsQueryKey = ['seller', 'payouts'] as const;

/**
 * How often the page asks again while a payout is on its way: the provider settles a transfer
 * in the background, and the seller should see it end without reloading.
 */
export const OPEN_PAYOUT_REFRESH_MS = 15_000;

export function useSellerBalance() {
  return useQuery({
    queryKey: [...sellerPayoutsQueryKey, 'balance'],
    queryFn: ({ signal }) => apiGet('/seller/balance/', { signal }),
    refetchInterval: (query) =>
      (query.state.data?.in_flight_minor ?? 0) > 0 ? OPEN_PAYOUT_REFRESH_MS : false,
    staleTime: 0,
    throwOnError: isForbidden,
  });
}

/** `GET /api/seller/ledger/` — the store's ledger lines, newest first, a page at a time. */
export function useSellerLedger(page: number) {
  return useQuery({
    queryKey: [...sellerPayoutsQueryKey, 'ledger', page],
    queryFn: async ({ signal }) =>
      pageOf(
        await apiGet('/seller/ledger/', {
          query: { page, page_size: LEDGER_PAGE_SIZE },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
    throwOnError: isForbidden,
  });
}

/** `GET /api/seller/payouts/` — the store's payouts, newest first. */
export function useSellerPayouts(page: number) {
  return useQuery({
    queryKey: [...sellerPayoutsQueryKey, 'list', page],
    queryFn: async ({ signal }) =>
      pageOf(
        await apiGet('/seller/payouts/', {
          query: { page, page_size: PAYOUTS_PAGE_SIZE },
          signal,
        }),
      ),
    refetchInterval: (query) =>
      query.state.data?.results.some((p) => p.status === 'pending' || p.status === 'processing')
        ? OPEN_PAYOUT_REFRESH_MS
        : false,
    placeholderData: keepPreviousData,
    staleTime: 0,
    throwOnError: isForbidden,
  });
}

/** `GET /api/seller/banks/?type=` — the wallets or banks an account may be registered with. */
export function usePayoutBanks(type: AccountType) {
  return useQuery({
    queryKey: ['seller', 'banks', type],
    queryFn: ({ signal }) => apiGet('/seller/banks/', { query: { type }, signal }),
    // The provider's list changes rarely (the server caches it for an hour).
    staleTime: 60 * 60 * 1000,
    throwOnError: isForbidden,
  });
}

/**
 * `POST /api/seller/payout-account/` — resolves the account with the provider and saves it;
 * answers it with the name the provider found.
 */
export function setPayoutAccount(body: PayoutAccountInput) {
  return apiRequest('post', '/seller/payout-account/', { body });
}

/**
 * `POST /api/seller/payouts/` — pays out `amountMinor` pesewas of the available balance.
 * `idempotencyKey` names one attempt: a double tap replays the first payout.
 */
export function requestPayout(amountMinor: number, idempotencyKey: string) {
  return apiRequest('post', '/seller/payouts/', {
    body: { amount_minor: amountMinor },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/**
 * `GET /api/seller/statements/?month=YYYY-MM` — the month's CSV statement and the file name the
 * server gives it. Fetched with the API client because it needs the session's Authorization
 * header, which a plain link would not send.
 */
export async function fetchStatement(month: string): Promise<{ csv: string; filename: string }> {
  const { data, headers } = await apiGetWithHeaders('/seller/statements/', { query: { month } });
  const csv: unknown = data;
  if (typeof csv !== 'string') throw new Error('The statement is not CSV text.');
  const named = /filename="([^"]+)"/.exec(headers.get('Content-Disposition') ?? '');
  return { csv, filename: named?.[1] ?? `dwa-statement-${month}.csv` };
}
