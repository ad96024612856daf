import { useQuery } from '@tanstack/react-query';
import { apiSend } from '@/lib/api/client';
import { isForbidden } from './errors';
import type { Dashboard } from './types';

/** `GET /api/seller/dashboard/` — the store's figures for today, the week and 30 days. */
export function useDashboard() {
  return useQuery({
    queryKey: ['seller', 'dashboard'],
    queryFn: ({ signal }) => apiSend<Dashboard>('get', '/seller/dashboard/', { signal }),
    staleTime: 0,
    throwOnError: isForbidden,
  });
}
