import { useQuery } from '@tanstack/react-query';
import { apiGet, apiRequest, listItems } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

export const wishlistQueryKey = ['wishlist', 'entries'] as const;

/** `GET /api/store/wishlists/` — the shopper's entries (`product` is the product's id). */
export async function getWishlist(signal?: AbortSignal) {
  return listItems(await apiGet('/store/wishlists/', { signal }));
}

/** The wishlist entries, read only while signed in (visitors have none). */
export function useWishlist(signedIn: boolean) {
  return useQuery({
    queryKey: wishlistQueryKey,
    queryFn: ({ signal }) => getWishlist(signal),
    enabled: signedIn,
  });
}

/** `POST /api/store/wishlists/` — adds a product (an existing entry is answered as is). */
export function addToWishlist(productId: number) {
  return apiRequest('post', '/store/wishlists/', { body: { product: productId } });
}

/** `DELETE /api/store/wishlists/{id}/` — removes an entry. */
export function removeFromWishlist(entryId: number) {
  return apiRequest('delete', '/store/wishlists/{id}/', { params: { id: entryId } });
}

export type WishlistEntry = components['schemas']['WishlistEntry'];

/**
 * The wishlist with each product's summary, in one request (`expand=product`). Its key sits
 * under the hearts' key, so a heart's change refreshes this page's list too.
 */
export function useWishlistProducts() {
  return useQuery({
    queryKey: [...wishlistQueryKey, 'products'],
    queryFn: async ({ signal }) =>
      listItems(await apiGet('/store/wishlists/', { query: { expand: 'product' }, signal })),
    staleTime: 0,
  });
}
