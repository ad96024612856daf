import { useQuery } from '@tanstack/react-query';
import { apiGet, listItems } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { takeInjected } from '@/lib/injected';

export type Category = components['schemas']['Category'];

/** `GET /api/store/categories/` — active top-level categories with their children. */
export async function getCategories(signal?: AbortSignal): Promise<readonly Category[]> {
  return listItems(await apiGet('/store/categories/', { signal }));
}

/** The list's key in the server's data island (lib/injected.ts). */
export const CATEGORIES_ISLAND_KEY = '/store/categories/';

export const categoriesQueryKey = ['catalog', 'categories'] as const;

export function useCategories() {
  return useQuery({
    queryKey: categoriesQueryKey,
    queryFn: ({ signal }) => getCategories(signal),
    // The server puts this list into the first page it serves (internal/httpapi/page_home.go).
    initialData: () => takeInjected(CATEGORIES_ISLAND_KEY) as readonly Category[] | undefined,
  });
}
