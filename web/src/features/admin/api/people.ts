import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest, listItems, type QueryParams, type RequestBody } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

export type AdminUser = components['schemas']['AdminUser'];
export type AdminComplaint = components['schemas']['AdminComplaint'];

type ComplaintStatus = NonNullable<QueryParams<'get', '/admin/complaints/'>['status']>;

export const usersQueryKey = ['admin', 'users'] as const;
export const complaintsQueryKey = ['admin', 'complaints'] as const;

/** `GET /api/admin/users/?search=` — the newest 100 accounts matching the search. */
export function useUsers(search: string) {
  return useQuery({
    queryKey: [...usersQueryKey, search],
    queryFn: async ({ signal }) =>
      listItems(
        await apiRequest('get', '/admin/users/', {
          query: { search: search || undefined },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** `PATCH /api/admin/users/{id}/` — staff or not, active or not. */
export function setUserFlags(id: number, flags: RequestBody<'patch', '/admin/users/{id}/'>) {
  return apiRequest('patch', '/admin/users/{id}/', { params: { id }, body: flags });
}

/** `GET /api/admin/complaints/?status=` — open or handled, oldest first. */
export function useComplaints(status: ComplaintStatus) {
  return useQuery({
    queryKey: [...complaintsQueryKey, status],
    queryFn: async ({ signal }) =>
      listItems(await apiRequest('get', '/admin/complaints/', { query: { status }, signal })),
    staleTime: 0,
  });
}

/** `POST /api/admin/complaints/{id}/handle/` — marks it handled, mailing the reply when there is one. */
export function handleComplaint(id: number, reply?: string) {
  return apiRequest('post', '/admin/complaints/{id}/handle/', {
    params: { id },
    body: reply === undefined ? {} : { reply },
  });
}
