import { useMutation, useQuery } from '@tanstack/react-query';
import { isFromOfflineCache } from '../../pwa/cached-answers';
import { pastesApi } from './pastes.api';

export const pasteViewQueryKey = (slug: string) => ['pastes', 'view', slug] as const;

/**
 * A visitor's view of a paste. Every answer counts a view on the server, so it is fetched
 * once per page load: never again on mount (StrictMode mounts twice), focus or reconnect,
 * never retried, and without an abort signal (an aborted request would still have counted).
 * A copy from the offline cache counted nothing: it is fetched again once back online.
 */
export function usePasteView(slug: string) {
  return useQuery({
    queryKey: pasteViewQueryKey(slug),
    queryFn: () => pastesApi.view(slug),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    refetchOnMount: false,
    retryOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: (query) => (isFromOfflineCache(query.state.data) ? 'always' : false),
  });
}

/** Checks a protected paste's password; the answer is the (counted) view. */
export function useUnlockPaste(slug: string) {
  return useMutation({ mutationFn: (password: string) => pastesApi.unlock(slug, password) });
}

export function useCreatePaste() {
  return useMutation({ mutationFn: pastesApi.create });
}
