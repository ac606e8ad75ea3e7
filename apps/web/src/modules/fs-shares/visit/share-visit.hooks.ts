import { ERROR_CODES, type PublicFsShare } from '@sharebin/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { isApiError } from '../../../app/api-client';
import { fsShareVisitApi } from '../fs-shares.api';

/** Downloads are counted when they start: the count shown is fetched again a moment later. */
export const RECOUNT_DELAY_MS = 1500;

/** Every query of a visitor's look at a share starts with this key. */
export const visitKey = (slug: string) => ['fs-shares', 'visit', slug] as const;
const infoKey = (slug: string, token: string | null) => [...visitKey(slug), 'info', token];

/**
 * The access token of an unlocked share, per share, for this tab only: a reload keeps the
 * share open, another tab or a closed browser asks for the password again.
 */
const tokenStorageKey = (slug: string) => `fs_share_token:${slug}`;

function readToken(slug: string): string | null {
  try {
    return window.sessionStorage.getItem(tokenStorageKey(slug));
  } catch {
    return null;
  }
}

function storeToken(slug: string, token: string | null): void {
  try {
    if (token) window.sessionStorage.setItem(tokenStorageKey(slug), token);
    else window.sessionStorage.removeItem(tokenStorageKey(slug));
  } catch {
    // Storage disabled: the share stays open until the page is left.
  }
}

/** The share asks for its password: none was given, or the token no longer opens it. */
export const needsPassword = (error: unknown) =>
  isApiError(error) &&
  (error.code === ERROR_CODES.fsSharePasswordRequired ||
    error.code === ERROR_CODES.accessTokenInvalid);

/**
 * A visitor's access to a share: what it is (a look counts no download), its password check,
 * and the token that lets the list, content and zip calls in. A token that stopped working
 * (hours later, or a new password) is dropped, and the password asked for again.
 */
export function useShareAccess(slug: string) {
  const client = useQueryClient();
  const [token, setToken] = useState(() => readToken(slug));
  const info = useQuery({
    queryKey: infoKey(slug, token),
    queryFn: () => fsShareVisitApi.info(slug, token),
    retry: false,
  });
  const verify = useMutation({
    mutationFn: (password: string) => fsShareVisitApi.verify(slug, password),
    onSuccess: (answer: PublicFsShare) => {
      const next = answer.access_token ?? null;
      // The answer is the share's facts: shown at once, not asked for again.
      client.setQueryData(infoKey(slug, next), answer);
      storeToken(slug, next);
      setToken(next);
    },
  });
  const forget = useCallback(() => {
    storeToken(slug, null);
    setToken(null);
  }, [slug]);
  useEffect(() => {
    if (token !== null && needsPassword(info.error)) forget();
  }, [token, info.error, forget]);
  /** After a download: its count of downloads left changed (or ran out). */
  const refresh = useCallback(() => void info.refetch(), [info.refetch]);
  return { token, info, verify, forget, refresh };
}

export type ShareAccess = ReturnType<typeof useShareAccess>;

/** One folder of a shared folder; listing counts no download. */
export function useShareListing(slug: string, path: string, token: string | null) {
  return useQuery({
    queryKey: [...visitKey(slug), 'list', path, token],
    queryFn: ({ signal }) => fsShareVisitApi.list(slug, path, token, signal),
    retry: false,
  });
}
