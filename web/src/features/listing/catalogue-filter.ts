// Paging is the list's own business: a `page` in the address would not survive scrolling.
const PAGING = new Set(['page', 'page_size', 'fields', 'seed']);

/** The catalogue's filter: its address's query string without paging and empty values. */
export function catalogueFilter(params: URLSearchParams): Record<string, string> {
  const filter: Record<string, string> = {};
  for (const [key, value] of params) if (!PAGING.has(key) && value !== '') filter[key] = value;
  return filter;
}
