import { useMutation, useQuery } from '@tanstack/react-query';
import { fetchTextPreview } from './file-preview';
import { fileShareApi } from './file-share.api';

export const fileShareQueryKey = (slug: string) => ['files', 'public', slug] as const;

/**
 * A visitor's view of a file share. Every answer counts a view on the server, so it is fetched
 * once per page load: never again on mount (StrictMode mounts twice), focus or reconnect,
 * never retried, and without an abort signal (an aborted request would still have counted).
 */
export function useFileShareView(slug: string) {
  return useQuery({
    queryKey: fileShareQueryKey(slug),
    queryFn: () => fileShareApi.view(slug),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    refetchOnMount: false,
    retryOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** Checks a protected share's password; the answer is the (counted) view with content URLs. */
export function useVerifyFileShare(slug: string) {
  return useMutation({
    mutationFn: (password: string) => fileShareApi.verify(slug, password),
  });
}

/** The start of a text file for its preview; reading content counts no view. */
export function useTextPreview(url: string, size: number, enabled: boolean, version?: string) {
  return useQuery({
    queryKey: ['files', 'text-preview', url, version],
    queryFn: ({ signal }) => fetchTextPreview(url, size, signal, version !== undefined),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    refetchOnWindowFocus: false,
  });
}
