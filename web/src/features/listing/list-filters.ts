/**
 * The filters and sort of a product list, kept in the page's address (decision 0021): the API's
 * own parameter names, so the address, the list and the facets ask the same thing, and a link,
 * a reload or the back button brings the same list back.
 */
export const FILTER_KEYS = [
  'brand',
  'store',
  'unit_price__gt',
  'unit_price__lt',
  'min_rating',
  'in_stock',
  'on_sale',
] as const;

export type ListFilter = Readonly<Record<string, string | readonly string[]>>;

/** The chosen filters and sort of an address: `brand` may repeat; empty values are left out. */
export function listFilters(
  params: URLSearchParams,
  withStore = true,
): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  const brands = params.getAll('brand').filter((b) => b.trim() !== '');
  if (brands.length > 0) out.brand = brands;
  for (const key of [...FILTER_KEYS, 'ordering'] as const) {
    if (key === 'brand' || (key === 'store' && !withStore)) continue;
    const value = params.get(key);
    if (value) out[key] = value;
  }
  return out;
}

/** How many filters are chosen (a price range counts once). */
export function chosenCount(params: URLSearchParams, withStore = true): number {
  const f = listFilters(params, withStore);
  let n = (f.brand?.length ?? 0) + (f.unit_price__gt || f.unit_price__lt ? 1 : 0);
  for (const key of ['store', 'min_rating', 'in_stock', 'on_sale'] as const) if (f[key]) n++;
  return n;
}

/** The address with every filter removed (the sort and the page's own parameters stay). */
export function withoutFilters(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of FILTER_KEYS) next.delete(key);
  return next;
}

/** The address with one filter value set, toggled or removed. */
export function setFilter(
  params: URLSearchParams,
  key: string,
  value: string | null,
): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value === null || value === '') next.delete(key);
  else next.set(key, value);
  return next;
}

export function toggleBrand(params: URLSearchParams, brand: string): URLSearchParams {
  const next = new URLSearchParams(params);
  const brands = next.getAll('brand');
  next.delete('brand');
  const key = brand.toLowerCase();
  const kept = brands.filter((b) => b.toLowerCase() !== key);
  for (const b of kept.length === brands.length ? [...brands, brand] : kept)
    next.append('brand', b);
  return next;
}
