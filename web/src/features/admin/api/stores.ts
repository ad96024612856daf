import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest, listItems, type QueryParams, type RequestBody } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

export type AdminStore = components['schemas']['AdminStore'];
export type StoreStatus = NonNullable<QueryParams<'get', '/admin/stores/'>['status']>;
export type NewStore = RequestBody<'post', '/admin/stores/'>;

export const adminStoresQueryKey = ['admin', 'stores'] as const;

/** `GET /api/admin/stores/?search=&status=` — the first 100 stores by name. */
export function useAdminStores(search: string, status: StoreStatus) {
  return useQuery({
    queryKey: [...adminStoresQueryKey, search, status],
    queryFn: async ({ signal }) =>
      listItems(
        await apiRequest('get', '/admin/stores/', {
          query: { search: search || undefined, status },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** `POST /api/admin/stores/` — opens an active store for an existing user. */
export function createStore(store: NewStore) {
  return apiRequest('post', '/admin/stores/', { body: store });
}

/** `PATCH /api/admin/stores/{id}/` — suspends (`false`) or reinstates a store. */
export function setStoreActive(id: number, isActive: boolean) {
  return apiRequest('patch', '/admin/stores/{id}/', {
    params: { id },
    body: { is_active: isActive },
  });
}
