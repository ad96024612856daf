import { apiRequest } from '@/lib/api/client';
import type { ProductOption, ProductVariant } from '@/lib/variants';
import type { SellerProduct } from './types';

/** A seller product with its options and variants (contract "variants"). */
export type SellerProductWithVariants = SellerProduct & {
  options?: ProductOption[];
  variants?: ProductVariant[];
};

/** One variant's changes: only the keys given are written. */
export interface VariantChange {
  id: number;
  unit_price?: string;
  inventory?: number;
  /** The stock the seller saw: the edit applies only while it is still that. */
  expected_inventory?: number;
  sku?: string;
  active?: boolean;
}

/**
 * `PUT /api/seller/products/{id}/options/` — replaces the options; the server generates the
 * variants (kept combinations keep theirs). Answers the seller product.
 */
export async function saveOptions(id: number, options: ProductOption[]) {
  return (await apiRequest('put', '/seller/products/{id}/options/', {
    params: { id },
    body: { options },
  })) as SellerProductWithVariants;
}

/** `PATCH /api/seller/products/{id}/variants/` — many variants at once, all or nothing. */
export async function saveVariants(id: number, variants: VariantChange[]) {
  return (await apiRequest('patch', '/seller/products/{id}/variants/', {
    params: { id },
    body: { variants },
  })) as SellerProductWithVariants;
}
