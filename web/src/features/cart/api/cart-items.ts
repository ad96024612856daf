import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiGet, apiRequest, listItems } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { emit, on } from '@/lib/events';
import type { ChosenOption } from '@/lib/variants';

export const cartItemsQueryKey = ['cart', 'items'] as const;

/** `GET /api/store/cart-items/` — the lines of the shopper's active bag. */
export async function getCartItems(signal?: AbortSignal) {
  return listItems(await apiGet('/store/cart-items/', { signal }));
}

/**
 * The bag's item count for the header badge: the sum of the quantities (spec §7), re-read
 * whenever a `cartUpdated` event says the bag changed. Nothing is asked while signed out.
 */
export function useCartCount(signedIn: boolean): number {
  const client = useQueryClient();
  const { data } = useQuery({
    queryKey: cartItemsQueryKey,
    queryFn: ({ signal }) => getCartItems(signal),
    enabled: signedIn,
    staleTime: 0,
  });
  useEffect(
    () =>
      on('cartUpdated', () => {
        void client.invalidateQueries({ queryKey: cartItemsQueryKey });
      }),
    [client],
  );
  if (!signedIn || !data) return 0;
  return data.reduce((sum, item) => sum + item.quantity, 0);
}

/**
 * `POST /api/store/cart-items/` — adds a product, as one of its variants when it has options
 * (merged into the line of that product and variant if present), then tells the header with
 * `cartUpdated`.
 */
export async function addToCart(productId: number, quantity: number, variantId?: number) {
  const body =
    variantId === undefined
      ? { product_id: productId, quantity }
      : { product_id: productId, quantity, variant_id: variantId };
  const item = await apiRequest('post', '/store/cart-items/', { body });
  emit('cartUpdated');
  return item;
}

/** A bag line; `variant` is the chosen variant of a product with options (null without). */
export type CartItem = components['schemas']['CartItem'] & {
  variant_id?: number | null;
  variant?: {
    id: number;
    sku: string;
    options: ChosenOption[];
    unit_price: string;
    inventory: number;
  } | null;
};

/** The bag's lines, shared with the header's count (one request serves both). */
export function useCartItems() {
  return useQuery({
    queryKey: cartItemsQueryKey,
    queryFn: ({ signal }) => getCartItems(signal),
    staleTime: 0,
  });
}

/** `PATCH /api/store/cart-items/{id}/` — a line's new quantity (1–99, at most the stock). */
export async function updateCartItem(id: number, quantity: number) {
  const item = await apiRequest('patch', '/store/cart-items/{id}/', {
    params: { id },
    body: { quantity },
  });
  emit('cartUpdated');
  return item;
}

/** `DELETE /api/store/cart-items/{id}/` — takes a line out of the bag. */
export async function removeCartItem(id: number) {
  await apiRequest('delete', '/store/cart-items/{id}/', { params: { id } });
  emit('cartUpdated');
}
