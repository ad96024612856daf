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

/** The filters that may be chosen more than once: each value is its own parameter. */
const MANY = ['brand', 'store'] as const;

/**
 * The chosen filters and sort of an address: `brand` and `store` may repeat (a list of several,
 * a string for one: the server injects first pages of single values); empty values are left out.
 */
export function listFilters(
  params: URLSearchParams,
  withStore = true,
): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of MANY) {
    if (key === 'store' && !withStore) continue;
    const values = params.getAll(key).filter((v) => v.trim() !== '');
    if (values.length > 0) out[key] = values.length === 1 ? (values[0] ?? '') : values;
  }
  for (const key of [...FILTER_KEYS, 'ordering'] as const) {
    if ((MANY as readonly string[]).includes(key)) continue;
    const value = params.getAll(key).at(-1); // as the API: a repeated parameter's last value
    if (value) out[key] = value;
  }
  return out;
}

/** How many filters are chosen (a price range counts once). */
export function chosenCount(params: URLSearchParams, withStore = true): number {
  const f = listFilters(params, withStore);
  const many = (v: string | string[] | undefined) =>
    v === undefined ? 0 : typeof v === 'string' ? 1 : v.length;
  let n = many(f.brand) + many(f.store);
  if (f.unit_price__gt || f.unit_price__lt) n++;
  for (const key of ['min_rating', 'in_stock', 'on_sale'] as const) if (f[key]) n++;
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

/** The address with one value of a repeatable filter (`brand`, `store`) added, or removed if there (ignoring case). */
export function toggleValue(
  params: URLSearchParams,
  key: (typeof MANY)[number],
  value: string,
): URLSearchParams {
  const next = new URLSearchParams(params);
  const values = next.getAll(key);
  next.delete(key);
  const lower = value.toLowerCase();
  const kept = values.filter((v) => v.toLowerCase() !== lower);
  for (const v of kept.length === values.length ? [...values, value] : kept) next.append(key, v);
  return next;
}
