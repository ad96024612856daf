import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import type { ListFilter } from '../list-filters';

export type Facets = components['schemas']['ProductFacets'];

/** `GET /api/store/products/facets/?…`: the counts beside each filter value of a list. */
export function useFacets(filter: ListFilter) {
  return useQuery({
    queryKey: ['catalog', 'facets', filter],
    staleTime: 5_000, // as the list's: the counts move with the catalogue
    // The counts of the last filters stay while the new ones load: the panel does not jump.
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      apiGet('/store/products/facets/', { query: withoutOrdering(filter), signal }),
  });
}

function withoutOrdering(filter: ListFilter) {
  const rest: Record<string, string | readonly string[]> = { ...filter };
  delete rest.ordering;
  return rest as Record<string, string | string[]>;
}
