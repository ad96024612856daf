import { useQuery } from '@tanstack/react-query';
import { apiGet, listItems } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { takeInjected } from '@/lib/injected';

export type HeroSlide = components['schemas']['HeroSlide'];

/** `GET /api/store/hero/` — the home page carousel's slides, in order. */
export async function getHeroSlides(signal?: AbortSignal): Promise<readonly HeroSlide[]> {
  return listItems(await apiGet('/store/hero/', { signal }));
}

/** The slides' key in the server's data island (lib/injected.ts). */
export const HERO_ISLAND_KEY = '/store/hero/';

export const heroSlidesQueryKey = ['catalog', 'hero'] as const;

export function useHeroSlides() {
  return useQuery({
    queryKey: heroSlidesQueryKey,
    queryFn: ({ signal }) => getHeroSlides(signal),
    // The server puts this list into the first page it serves (internal/httpapi/page_home.go).
    initialData: () => takeInjected(HERO_ISLAND_KEY) as readonly HeroSlide[] | undefined,
  });
}
