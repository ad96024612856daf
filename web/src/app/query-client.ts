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
        // Public catalogue reads are cacheable for 60 s on the server side too (contract §1.8).
        staleTime: 60_000,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
      },
    },
  });
}
