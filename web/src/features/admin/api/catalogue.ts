import { useQuery } from '@tanstack/react-query';
import { apiRequest, listItems } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

export type AdminCategory = components['schemas']['AdminCategory'];
export type AdminHeroSlide = components['schemas']['AdminHeroSlide'];
export type CategoryInput = components['schemas']['CategoryRequest'];
export type HeroInput = components['schemas']['HeroSlideRequest'];

export const adminCategoriesQueryKey = ['admin', 'categories'] as const;
export const adminHeroQueryKey = ['admin', 'hero'] as const;

/** `GET /api/admin/categories/` — every category, active or not, flat. */
export function useAdminCategories() {
  return useQuery({
    queryKey: adminCategoriesQueryKey,
    queryFn: async ({ signal }) =>
      listItems(await apiRequest('get', '/admin/categories/', { signal })),
    staleTime: 0,
  });
}

export function createCategory(body: CategoryInput) {
  return apiRequest('post', '/admin/categories/', { body });
}

export function updateCategory(id: number, body: CategoryInput) {
  return apiRequest('patch', '/admin/categories/{id}/', { params: { id }, body });
}

export function uploadCategoryImage(id: number, file: File) {
  const body = new FormData();
  body.append('image', file);
  return apiRequest('post', '/admin/categories/{id}/images/', { params: { id }, body });
}

/** `GET /api/admin/hero/` — every slide, shown or not. */
export function useAdminHero() {
  return useQuery({
    queryKey: adminHeroQueryKey,
    queryFn: ({ signal }) => apiRequest('get', '/admin/hero/', { signal }),
    staleTime: 0,
  });
}

export function createHeroSlide(body: HeroInput) {
  return apiRequest('post', '/admin/hero/', { body });
}

export function updateHeroSlide(id: number, body: HeroInput) {
  return apiRequest('patch', '/admin/hero/{id}/', { params: { id }, body });
}

export async function deleteHeroSlide(id: number) {
  await apiRequest('delete', '/admin/hero/{id}/', { params: { id } });
}

export function uploadHeroImage(id: number, file: File) {
  const body = new FormData();
  body.append('image', file);
  return apiRequest('post', '/admin/hero/{id}/image/', { params: { id }, body });
}
