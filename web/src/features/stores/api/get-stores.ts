import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiGet, pageOf } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

export type Store = components['schemas']['Store'];

export const STORES_PAGE_SIZE = 24;

// A store's profile and its rating change rarely: they keep the shop frame's freshness (60 s,
// app/query-client.ts), while its products list keeps the live one.

/** `GET /api/store/stores/{id}/` — an open store with its verified rating; 404 when suspended. */
export function useStore(id: number) {
  return useQuery({
    queryKey: ['stores', id],
    queryFn: ({ signal }) => apiGet('/store/stores/{id}/', { params: { id }, signal }),
    enabled: id > 0,
  });
}

/** `GET /api/store/stores/?search=&page=` — the open stores by name, a page at a time. */
export function useStoreDirectory(search: string) {
  return useInfiniteQuery({
    queryKey: ['stores', 'directory', search],
    initialPageParam: 1,
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
