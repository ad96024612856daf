import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { takeInjected } from '@/lib/injected';
import { islandKey } from '@/lib/island-key';
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
    // The server injects the counts of a page's first list, of single-valued filters only.
    initialData: () => {
      const key = facetsIslandKey(filter);
      return key === undefined ? undefined : (takeInjected(key) as Facets | undefined);
    },
  });
}

/** The island key of a filter's counts (the server injects single-valued filters only). */
export function facetsIslandKey(filter: ListFilter): string | undefined {
  const query = withoutOrdering(filter);
  if (Object.values(query).some((v) => typeof v !== 'string')) return undefined;
  return islandKey('/store/products/facets/', query as Record<string, string>);
}

function withoutOrdering(filter: ListFilter) {
  const rest: Record<string, string | readonly string[]> = { ...filter };
  delete rest.ordering;
  return rest as Record<string, string | string[]>;
}
