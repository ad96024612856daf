import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet, apiRequest, pageOf } from '@/lib/api/client';
import { hasProblemCode } from '@/lib/api/problem';
import { isForbidden } from './errors';
import type { ProductInput, ProductStatus, SellerProductPage } from './types';

export const PRODUCTS_PAGE_SIZE = 20;

export interface ProductFilter {
  search: string;
  status: ProductStatus;
  page: number;
}

export const sellerProductsQueryKey = ['seller', 'products'] as const;
export const sellerProductQueryKey = (id: number) => ['seller', 'product', id] as const;

/** `GET /api/seller/products/` — the store's products, active or not, a page at a time. */
export function useSellerProducts({ search, status, page }: ProductFilter) {
  return useQuery({
    queryKey: [...sellerProductsQueryKey, { search, status, page }],
    queryFn: async ({ signal }) =>
      pageOf<SellerProductPage>(
        await apiGet('/seller/products/', {
          query: {
            search: search || undefined,
            status,
            page,
            page_size: PRODUCTS_PAGE_SIZE,
          },
          signal,
        }),
      ),
    // The old page stays on screen while the next filter's answer is on its way.
    placeholderData: keepPreviousData,
    staleTime: 0,
    throwOnError: isForbidden,
  });
}

/** `GET /api/seller/products/{id}/` — one of the store's products (404 for any other). */
export function useSellerProduct(id: number) {
  return useQuery({
    queryKey: sellerProductQueryKey(id),
    queryFn: ({ signal }) => apiGet('/seller/products/{id}/', { params: { id }, signal }),
    staleTime: 0,
    throwOnError: isForbidden,
  });
}

/** `GET /api/seller/products/{id}/` once, outside a query (the form's stock reload). */
export function fetchSellerProduct(id: number) {
  return apiGet('/seller/products/{id}/', { params: { id } });
}

/** A PATCH refused because orders changed the stock since the seller saw it. */
export function isStockChanged(error: unknown): boolean {
  return hasProblemCode(error, 409, 'stock_changed');
}

/** `POST /api/seller/products/` — adds a product; answers it with its new id. */
export function createProduct(body: ProductInput) {
  return apiRequest('post', '/seller/products/', { body });
}

/**
 * `PATCH /api/seller/products/{id}/` — changes the given fields and only those. Send the stock
 * with `expected_inventory` (the stock the form loaded) so that orders placed meanwhile are not
 * undone.
 */
export function updateProduct(id: number, body: ProductInput) {
  return apiRequest('patch', '/seller/products/{id}/', { params: { id }, body });
}

/** `DELETE /api/seller/products/{id}/` — takes the product off sale (it stays, inactive). */
export async function deactivateProduct(id: number) {
  await apiRequest('delete', '/seller/products/{id}/', { params: { id } });
}

/** `POST /api/seller/products/{id}/images/` — uploads a picture to the end of the gallery. */
export function uploadProductImage(id: number, file: File) {
  const body = new FormData();
  body.append('image', file);
  return apiRequest('post', '/seller/products/{id}/images/', { params: { id }, body });
}

/** `PUT /api/seller/products/{id}/images/order/` — every image id once, first image first. */
export function reorderProductImages(id: number, order: readonly number[]) {
  return apiRequest('put', '/seller/products/{id}/images/order/', {
    params: { id },
    body: { order: [...order] },
  });
}

/** `DELETE /api/seller/products/{id}/images/{image}/` — removes an image and its files. */
export async function deleteProductImage(id: number, image: number) {
  await apiRequest('delete', '/seller/products/{id}/images/{image}/', {
    params: { id, image },
  });
}
