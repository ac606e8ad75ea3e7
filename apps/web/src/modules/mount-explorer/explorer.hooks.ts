import { hasPermission } from '@sharebin/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { toPrincipal, useAuth, useIsValidating } from '../auth';
import { SORT_KEYS, type SortOrder } from './explorer.sort';
import { fsApi } from './fs.api';

/** Every file-system query starts with this key; a write refreshes them all. */
export const FS_QUERY_ROOT = 'fs';

/** The session is part of the key: an admin and a key see different trees. */
function useSessionKey() {
  const auth = useAuth();
  return `${auth.authType}:${auth.apiKeyInfo?.id ?? ''}`;
}

export function useListing(path: string) {
  const session = useSessionKey();
  return useQuery({
    queryKey: [FS_QUERY_ROOT, session, 'list', path],
    queryFn: ({ signal }) => fsApi.list(path, signal),
    staleTime: 15_000,
    retry: false,
  });
}

/** The folder's uploads that stopped half way (fetched again with the listings). */
export function useUnfinishedUploads(path: string, enabled: boolean) {
  const session = useSessionKey();
  return useQuery({
    queryKey: [FS_QUERY_ROOT, session, 'unfinished-uploads', path],
    queryFn: ({ signal }) => fsApi.unfinishedUploads(path, signal),
    enabled,
    staleTime: 15_000,
    retry: false,
  });
}

/** Drops every cached listing and search after a write, so each is fetched again. */
export function useRefreshFs() {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: [FS_QUERY_ROOT] }), [client]);
}

export type MountAccess = 'checking' | 'allowed' | 'signIn' | 'noPermission';

/** SPEC §6: the admin, or an API key with mount permission. */
export function useMountAccess(): MountAccess {
  const auth = useAuth();
  const validating = useIsValidating();
  if (!auth.isAuthenticated) return 'signIn';
  if (auth.lastValidated === null && validating) return 'checking';
  return hasPermission(toPrincipal(auth), 'mount') ? 'allowed' : 'noPermission';
}

export type ViewMode = 'list' | 'grid';
const VIEW_KEY = 'mount_explorer_view';
const SORT_KEY = 'mount_explorer_sort';

function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function store(key: string, value: string) {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage disabled: the choice lasts for this page only.
  }
}

function readSort(): SortOrder {
  const [key, direction] = (readStored(SORT_KEY) ?? '').split(':');
  return {
    key: SORT_KEYS.find((candidate) => candidate === key) ?? 'name',
    direction: direction === 'desc' ? 'desc' : 'asc',
  };
}

/** List or grid, and the sort order: remembered across visits. */
export function useExplorerPrefs() {
  const [view, setViewState] = useState<ViewMode>(() =>
    readStored(VIEW_KEY) === 'grid' ? 'grid' : 'list',
  );
  const [sort, setSortState] = useState<SortOrder>(readSort);
  const setView = useCallback((next: ViewMode) => {
    store(VIEW_KEY, next);
    setViewState(next);
  }, []);
  const setSort = useCallback((next: SortOrder) => {
    store(SORT_KEY, `${next.key}:${next.direction}`);
    setSortState(next);
  }, []);
  return { view, setView, sort, setSort };
}
