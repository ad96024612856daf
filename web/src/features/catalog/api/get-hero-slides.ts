import { useQuery } from '@tanstack/react-query';
import { apiGet, listItems } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { takeInjected } from '@/lib/injected';

export type HeroSlide = components['schemas']['HeroSlide'];

/** `GET /api/store/hero/` — the home page carousel's slides, in order. */
export async function getHeroSlides(signal?: AbortSignal): Promise<readonly HeroSlide[]> {
  return listItems(await apiGet('/store/hero/', { signal }));
}

export const heroSlidesQueryKey = ['catalog', 'hero'] as const;

export function useHeroSlides() {
  return useQuery({
    queryKey: heroSlidesQueryKey,
    queryFn: ({ signal }) => getHeroSlides(signal),
    // The server puts this list into the first page it serves (internal/httpapi/seo.go).
    initialData: () => takeInjected('/store/hero/') as readonly HeroSlide[] | undefined,
  });
}
