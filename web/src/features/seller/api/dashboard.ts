import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api/client';
import { isForbidden } from './errors';

/** `GET /api/seller/dashboard/` — the store's figures for today, the week and 30 days. */
export function useDashboard() {
  return useQuery({
    queryKey: ['seller', 'dashboard'],
    queryFn: ({ signal }) => apiGet('/seller/dashboard/', { signal }),
    staleTime: 0,
    throwOnError: isForbidden,
  });
}
