import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/client';

/** Client errors (4xx) are answers, not accidents: they are not retried. */
function shouldRetry(failureCount: number, error: Error) {
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // The shop's frame (categories, hero slides) changes rarely and the server lets browsers
        // keep it for 60 s too. Queries that show stock, prices or reviews set a shorter time
        // (LIVE_STALE_TIME); per-user ones none.
        staleTime: 60_000,
        // Offline, a query still asks once: the service worker answers with what it kept
        // (docs/decisions/0026), where 'online' would wait for the network without asking.
        networkMode: 'offlineFirst',
        retry: shouldRetry,
        refetchOnWindowFocus: false,
      },
    },
  });
}
