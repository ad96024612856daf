import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { takeInjected } from '@/lib/injected';

export type Product = components['schemas']['Product'];

/** `GET /api/store/products/{id}/` — the whole product, verified reviews and ratings included. */
export async function getProduct(id: number, signal?: AbortSignal): Promise<Product> {
  // Without `fields=` every key is present (the answer's schema also covers `fields=`).
  return (await apiGet('/store/products/{id}/', { params: { id }, signal })) as Product;
}

export const productQueryKey = (id: number) => ['catalog', 'product', id] as const;

export function useProduct(id: number) {
  return useQuery({
    queryKey: productQueryKey(id),
    queryFn: ({ signal }) => getProduct(id, signal),
    initialData: () => takeInjected(`/store/products/${id}/`) as Product | undefined,
  });
}
