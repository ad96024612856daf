import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api/client';

/** `GET /api/store/categories/{id}/` — one category of any level with its children. */
export function getCategory(id: number, signal?: AbortSignal) {
  return apiGet('/store/categories/{id}/', { params: { id }, signal });
}

export const categoryQueryKey = (id: number) => ['catalog', 'category', id] as const;

export function useCategory(id: number) {
  return useQuery({
    queryKey: categoryQueryKey(id),
    queryFn: ({ signal }) => getCategory(id, signal),
  });
}
