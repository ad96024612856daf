/**
 * The filters and sort of a product list, kept in the page's address (decision 0021): the API's
 * own parameter names, so the address, the list and the facets ask the same thing, and a link,
 * a reload or the back button brings the same list back.
 */
export const FILTER_KEYS = [
  'brand',
  'store',
  'option',
  'unit_price__gt',
  'unit_price__lt',
  'min_rating',
  'in_stock',
  'on_sale',
] as const;

export type ListFilter = Readonly<Record<string, string | readonly string[]>>;

/**
 * The filters that may be chosen more than once: each value is its own parameter. An option
 * value is `name:value` (`option=Storage:256 GB`).
 */
const MANY = ['brand', 'store', 'option'] as const;

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
  let n = many(f.brand) + many(f.store) + many(f.option);
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

/** The address with one value of a repeatable filter (`brand`, `store`, `option`) added, or removed if there (ignoring case). */
export function toggleValue(
  params: URLSearchParams,
  key: (typeof MANY)[number],
  value: string,
): URLSearchParams {
  const next = new URLSearchParams(params);
  const values = next.getAll(key);
  next.delete(key);
  const fold = key === 'option' ? optionKey : (v: string) => v.toLowerCase();
  const folded = fold(value);
  const kept = values.filter((v) => fold(v) !== folded);
  for (const v of kept.length === values.length ? [...values, value] : kept) next.append(key, v);
  return next;
}

/** The `option` parameter of one option value. */
export function optionParam(name: string, value: string): string {
  return `${name}:${value}`;
}

/** An `option` parameter's name and value, or undefined when it has no colon. */
export function parseOption(param: string): { name: string; value: string } | undefined {
  const at = param.indexOf(':');
  if (at <= 0) return undefined;
  return { name: param.slice(0, at).trim(), value: param.slice(at + 1).trim() };
}

/** The chosen option values of an address, compared as the API does (case and spacing aside). */
export function chosenOptions(params: URLSearchParams): Set<string> {
  return new Set(params.getAll('option').map(optionKey));
}

/** The form option parameters are compared in: case and spacing aside. */
export function optionKey(param: string): string {
  const o = parseOption(param);
  const fold = (s: string) => s.toLowerCase().split(/\s+/).filter(Boolean).join(' ');
  return o ? `${fold(o.name)}:${fold(o.value)}` : fold(param);
}
