import { useQuery } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@/lib/api/client';
import { isForbidden } from './errors';
import type { StoreInput } from './types';

export const sellerStoreQueryKey = ['seller', 'store'] as const;

/**
 * `GET /api/seller/store/` — the caller's store. A 403 (no store) is thrown to the Seller Centre's
 * boundary, unless `throwForbidden` is false (the Seller Centre's frame, which checks it itself).
 */
export function useSellerStore({ throwForbidden = true }: { throwForbidden?: boolean } = {}) {
  return useQuery({
    queryKey: sellerStoreQueryKey,
    queryFn: ({ signal }) => apiGet('/seller/store/', { signal }),
    throwOnError: throwForbidden ? isForbidden : false,
  });
}

/** `PATCH /api/seller/store/` — changes the given fields; answers the whole store. */
export function updateStore(body: StoreInput) {
  return apiRequest('patch', '/seller/store/', { body });
}

/** `PUT /api/seller/store/logo/` — a new logo (re-encoded by the server); answers the whole store. */
export function uploadStoreLogo(file: File) {
  const body = new FormData();
  body.append('image', file);
  return apiRequest('put', '/seller/store/logo/', { body });
}
