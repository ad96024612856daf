import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

export type Me = components['schemas']['Me'];

export const meQueryKey = ['me'] as const;

/**
 * `GET /api/auth/users/me/` — who is signed in, and the store they own (if any). `enabled: false`
 * keeps it idle (e.g. until a menu opens); a result already cached is still returned.
 */
export function useMe({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => apiGet('/auth/users/me/', { signal }),
    enabled,
  });
}
