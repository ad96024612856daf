import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { LIVE_STALE_TIME } from './get-product';
import { apiGet, pageOf } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

export type Store = components['schemas']['Store'];

export const STORES_PAGE_SIZE = 24;

/** `GET /api/store/stores/{id}/` — an open store with its verified rating; 404 when suspended. */
export function useStore(id: number) {
  return useQuery({
    queryKey: ['catalog', 'store', id],
    queryFn: ({ signal }) => apiGet('/store/stores/{id}/', { params: { id }, signal }),
    enabled: id > 0,
    staleTime: LIVE_STALE_TIME,
  });
}

/** `GET /api/store/stores/?search=&page=` — the open stores by name, a page at a time. */
export function useStoreDirectory(search: string) {
  return useInfiniteQuery({
    queryKey: ['catalog', 'stores', search],
    initialPageParam: 1,
    staleTime: LIVE_STALE_TIME,
    queryFn: async ({ pageParam, signal }) =>
      pageOf(
        await apiGet('/store/stores/', {
          query: { search: search || undefined, page: pageParam, page_size: STORES_PAGE_SIZE },
          signal,
        }),
      ),
    getNextPageParam: (last, _all, page) => (last.next ? page + 1 : undefined),
  });
}
