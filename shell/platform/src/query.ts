import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api';
import { QUERY_RETRIES, QUERY_STALE_TIME_MS } from './constants';

/** Client errors are final, except timeouts and rate limits. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (
    isApiError(error) &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 408 &&
    error.status !== 429
  ) {
    return false;
  }
  return failureCount < QUERY_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // offlineFirst: with no network a query still asks once, so the service worker can answer from what it
      // stored (shell/public/sw.js); only the retries wait for the network. Mutations keep the default: with no
      // network they wait and are sent once it is back.
      queries: {
        staleTime: QUERY_STALE_TIME_MS,
        retry: shouldRetry,
        refetchOnWindowFocus: true,
        networkMode: 'offlineFirst',
      },
      mutations: { retry: false },
    },
  });
}
