import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import type { Region } from '@/lib/regions';

export type ProductDelivery = components['schemas']['DeliveryQuote'];
export type PickupPoint = components['schemas']['PickupPoint'];
export type QuotePart = components['schemas']['BagDeliveryPart'];
export type DeliveryChoice = components['schemas']['DeliveryChoice'];
type DeliveryQuoteRequest = components['schemas']['DeliveryQuoteRequest'];

/** `GET /api/store/delivery/quote/` — the product page's fee and dates for a region. */
export function useProductDelivery(product: number, region: Region | null) {
  return useQuery({
    queryKey: ['delivery', 'product', product, region],
    queryFn: region
      ? ({ signal }) => apiGet('/store/delivery/quote/', { query: { product, region }, signal })
      : skipToken,
  });
}

/** `GET /api/store/pickup-points/` — a region's active pickup stations, by name. */
export function usePickupPoints(region: Region | null) {
  return useQuery({
    queryKey: ['delivery', 'pickup-points', region],
    queryFn: region
      ? ({ signal }) => apiGet('/store/pickup-points/', { query: { region }, signal })
      : skipToken,
  });
}

/**
 * `POST /api/store/delivery/quote/` — each store part's fee and dates to `region` and `city` with
 * the shopper's `choices`, for `items` or (without) the active bag; `bag` names the bag's state,
 * so a changed bag is quoted again. The last quote stays shown while the next one loads.
 */
export function useDeliveryQuote(
  request: DeliveryQuoteRequest | null,
  bag: readonly unknown[] = [],
) {
  return useQuery({
    queryKey: ['delivery', 'quote', request, bag],
    queryFn: request
      ? ({ signal }) => apiRequest('post', '/store/delivery/quote/', { body: request, signal })
      : skipToken,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** `PATCH /api/auth/users/me/` — the region the account's delivery fees and dates are shown for. */
export function saveDeliveryRegion(region: Region) {
  return apiRequest('patch', '/auth/users/me/', { body: { delivery_region: region } });
}
