import { skipToken, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api/client';

/** `GET /api/store/ajax/load-subcategories/?category_id=N` — a top-level category's children. */
export async function loadSubcategories(categoryId: number, signal?: AbortSignal) {
  const data = await apiGet('/store/ajax/load-subcategories/', {
    query: { category_id: categoryId },
    signal,
  });
  return data.subcategories;
}

export const subcategoriesQueryKey = (categoryId: number) =>
  ['catalog', 'subcategories', categoryId] as const;

/** Loads once `categoryId` is known (e.g. when a menu opens); idle while it is undefined. */
export function useSubcategories(categoryId: number | undefined) {
  return useQuery({
    queryKey: subcategoriesQueryKey(categoryId ?? 0),
    queryFn:
      categoryId === undefined ? skipToken : ({ signal }) => loadSubcategories(categoryId, signal),
  });
}
