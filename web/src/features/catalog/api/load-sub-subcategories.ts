import { skipToken, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api/client';

/** `GET /api/store/ajax/load-sub-subcategories/?subcategory_id=N` — a subcategory's children. */
export async function loadSubSubcategories(subcategoryId: number, signal?: AbortSignal) {
  const data = await apiGet('/store/ajax/load-sub-subcategories/', {
    query: { subcategory_id: subcategoryId },
    signal,
  });
  return data.sub_subcategories;
}

export const subSubcategoriesQueryKey = (subcategoryId: number) =>
  ['catalog', 'sub-subcategories', subcategoryId] as const;

/** Loads once `subcategoryId` is known (e.g. when a sub menu opens); idle while undefined. */
export function useSubSubcategories(subcategoryId: number | undefined) {
  return useQuery({
    queryKey: subSubcategoriesQueryKey(subcategoryId ?? 0),
    queryFn:
      subcategoryId === undefined
        ? skipToken
        : ({ signal }) => loadSubSubcategories(subcategoryId, signal),
  });
}
