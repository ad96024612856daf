import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { apiGet, listItems } from '@/lib/api/client';
import { toSearchTerm } from './search-term';

export const MAX_SUGGESTIONS = 5;

/** `GET /api/store/products/?search=…&page_size=5&fields=id,name` — the search box's suggestions. */
export async function getSuggestions(text: string, signal?: AbortSignal) {
  const data = await apiGet('/store/products/', {
    query: { search: toSearchTerm(text), page_size: MAX_SUGGESTIONS, fields: 'id,name' },
    signal,
  });
  return listItems(data)
    .slice(0, MAX_SUGGESTIONS)
    .map(({ id, name }) => ({ id, name }));
}

/** Suggestions for `text` (already debounced by the caller); idle while it is blank. */
export function useSuggestions(text: string) {
  const term = text.trim();
  return useQuery({
    queryKey: ['search', 'suggestions', toSearchTerm(term).toLowerCase()],
    queryFn: term === '' ? skipToken : ({ signal }) => getSuggestions(term, signal),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}
