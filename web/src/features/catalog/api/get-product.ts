import { useQuery, type QueryClient } from '@tanstack/react-query';
import { apiGet } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { takeInjected } from '@/lib/injected';

export type Product = components['schemas']['Product'];

/** `GET /api/store/products/{id}/` — the whole product, verified reviews and ratings included. */
export async function getProduct(id: number, signal?: AbortSignal): Promise<Product> {
  // Without `fields=` every key is present (the answer's schema also covers `fields=`).
  return (await apiGet('/store/products/{id}/', { params: { id }, signal })) as Product;
}

/** The product's key in the server's data island (lib/injected.ts). */
export const productIslandKey = (id: number) => `/store/products/${id}/`;

export const productQueryKey = (id: number) => ['catalog', 'product', id] as const;

/**
 * How long a shown product or list counts as current. Past it, showing it again (going back to a
 * page) still shows the kept copy at once and asks the server in the background; the server
 * answers `304` without a body when nothing changed (its ETag), so the check costs almost nothing
 * and stock, prices and reviews are never older than this.
 */
export const LIVE_STALE_TIME = 5_000;

/** Marks every kept product and product list stale: after the shopper's own order (stock moved). */
export function invalidateProducts(client: QueryClient) {
  return Promise.all([
    client.invalidateQueries({ queryKey: ['catalog', 'product'] }),
    client.invalidateQueries({ queryKey: ['catalog', 'products'] }),
  ]);
}

export function useProduct(id: number) {
  return useQuery({
    queryKey: productQueryKey(id),
    queryFn: ({ signal }) => getProduct(id, signal),
    staleTime: LIVE_STALE_TIME,
    initialData: () => takeInjected(productIslandKey(id)) as Product | undefined,
  });
}
