import { type Query, QueryClient, replaceEqualDeep } from '@tanstack/react-query';
import { cachedAt, isFromOfflineCache } from '../pwa/cached-answers';
import { isOfflineUnavailable } from '../pwa/offline-error';
import { isApiError } from './api-client';

/** Client errors (4xx) are answers, not glitches, and an uncached page stays so offline. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isOfflineUnavailable(error)) {
    return false;
  }
  if (isApiError(error) && error.status >= 400 && error.status < 500) {
    return false;
  }
  return failureCount < 1;
}

/** A page whose data is not cached shows the offline page; one that has data keeps it. */
function throwOnError(error: unknown, query: Query): boolean {
  return isOfflineUnavailable(error) && query.state.data === undefined;
}

/** Data shown from the offline cache is fetched again as soon as the browser is back online. */
function refetchOnReconnect(query: Query): boolean | 'always' {
  return isFromOfflineCache(query.state.data) ? 'always' : true;
}

/** Fresh data never keeps the cached object it equals: that object is marked as a copy. */
function structuralSharing(previous: unknown, next: unknown): unknown {
  return cachedAt(previous) !== null || cachedAt(next) !== null
    ? next
    : replaceEqualDeep(previous, next);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
        // Offline, queries still run: the API client answers them from the offline cache.
        networkMode: 'always',
        refetchOnReconnect,
        throwOnError,
        structuralSharing,
      },
      // Writes fail at once while offline, with the usual error; they are never held back
      // and sent later.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
