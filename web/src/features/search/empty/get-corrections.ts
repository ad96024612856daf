import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api/client';

/** `GET /api/store/search/corrections/?search=…` — corrected searches that find products. */
export async function getCorrections(search: string, signal?: AbortSignal) {
  const data = await apiGet('/store/search/corrections/', { query: { search }, signal });
  return data.suggestions;
}

/** "Did you mean" for a search term that found nothing. */
export function useCorrections(search: string) {
  return useQuery({
    queryKey: ['search', 'corrections', search.toLowerCase()],
    queryFn: ({ signal }) => getCorrections(search, signal),
    staleTime: 60_000,
  });
}
