import {
  FILE_PAGE_SIZE,
  type FsShare,
  type FsShareCreateRequest,
  type FsShareList,
  isPathWithin,
  type UpdateFileShareRequest,
} from '@sharebin/shared';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useAuth } from '../auth';
import { useCollection } from '../management';
import { isShareLive } from './fs-share.paths';
import { fsSharesApi } from './fs-shares.api';

/** Every query of the owner's shares of mounted paths starts with this key. */
export const fsSharesQueryKey = ['fs-shares', 'owner'] as const;

/** Whose shares: the admin sees all, a key its own; two sessions never share cached lists. */
export function useSessionKey(): string {
  const auth = useAuth();
  return `${auth.authType}:${auth.apiKeyInfo?.id ?? ''}`;
}

/** As many as one folder's badges need: one request per folder shown. */
const BADGE_LIMIT = 100;

const livePaths = (list: FsShareList): ReadonlySet<string> =>
  new Set(list.items.filter((share) => isShareLive(share)).map((share) => share.path));

/**
 * The paths in `folder` (or below) that a live share points to, for the explorer's badges:
 * one request per folder view, refreshed after a share is made, changed or ended.
 */
export function useSharedPaths(folder: string, enabled = true): ReadonlySet<string> | undefined {
  const session = useSessionKey();
  const query = useQuery({
    queryKey: [...fsSharesQueryKey, session, 'under', folder],
    queryFn: () => fsSharesApi.list({ under: folder, limit: BADGE_LIMIT, offset: 0 }),
    select: livePaths,
    enabled,
    // A folder the user may not share from (a key's folders above its base path) has no badges.
    retry: false,
  });
  return query.data;
}

/** How many shares point at one of `paths` or below it (each counted once). */
export async function countSharesUnder(paths: readonly string[]): Promise<number> {
  if (paths.length === 1 && paths[0]) {
    return (await fsSharesApi.list({ under: paths[0], limit: 1, offset: 0 })).total;
  }
  // Several entries of one folder: the shares under their folder, when one page holds them all.
  const folders = new Set(paths.map((path) => path.slice(0, path.lastIndexOf('/')) || '/'));
  const [folder] = folders;
  if (folders.size === 1 && folder) {
    const list = await fsSharesApi.list({ under: folder, limit: 200, offset: 0 });
    if (list.total <= list.items.length) {
      return list.items.filter((share) => paths.some((path) => isPathWithin(path, share.path)))
        .length;
    }
  }
  const totals = await Promise.all(
    paths.map(async (path) => (await fsSharesApi.list({ under: path, limit: 1, offset: 0 })).total),
  );
  return totals.reduce((sum, total) => sum + total, 0);
}

/**
 * The shares a rename or move of `paths` would carry along, for its dialog; 0 until known, and
 * when the count could not be had (the dialog says nothing then).
 */
export function useSharesUnderCount(paths: readonly string[]): number {
  const session = useSessionKey();
  const query = useQuery({
    queryKey: [...fsSharesQueryKey, session, 'count', [...paths].sort()],
    queryFn: () => countSharesUnder(paths),
    enabled: paths.length > 0,
    staleTime: 0,
    retry: false,
  });
  return query.data ?? 0;
}

export const refreshFsShares = (client: QueryClient) =>
  client.invalidateQueries({ queryKey: fsSharesQueryKey });

/** Refreshes every list and badge of shares (after a write that may move or end some). */
export function useRefreshFsShares() {
  const client = useQueryClient();
  return useCallback(() => refreshFsShares(client), [client]);
}

export function useCreateFsShare() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FsShareCreateRequest) => fsSharesApi.create(body),
    onSuccess: () => refreshFsShares(client),
  });
}

export function useUpdateFsShare() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateFileShareRequest }) =>
      fsSharesApi.update(id, changes),
    onSuccess: () => refreshFsShares(client),
  });
}

export function useDeleteFsShare() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (share: FsShare) => fsSharesApi.remove(share.id),
    onSuccess: () => refreshFsShares(client),
  });
}

const shareId = (share: FsShare) => share.id;

/** The owner's shares of mounted paths as a managed collection, newest first. */
export function useFsShareCollection(search: string | undefined, enabled = true) {
  const session = useSessionKey();
  return useCollection<FsShare>(
    {
      queryKey: [...fsSharesQueryKey, session],
      fetchPage: ({ offset, limit, search }) => fsSharesApi.list({ offset, limit, search }),
      idOf: shareId,
      pageSize: FILE_PAGE_SIZE,
      invalidates: [fsSharesQueryKey],
      enabled,
    },
    search,
  );
}
