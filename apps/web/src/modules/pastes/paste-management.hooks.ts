import { PASTE_PAGE_SIZE, type UpdatePasteRequest } from '@sharebin/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../auth/auth.store';
import { managedPastesApi, type PasteScope } from './pastes.api';

/** Every query of the text-management module starts with this key. */
export const managedPastesQueryKey = ['pastes', 'managed'] as const;

/** The admin manages every paste, an API key its own (SPEC §6). */
export function usePasteScope(): PasteScope {
  return useAuth().authType === 'admin' ? 'admin' : 'user';
}

/** Whose list it is: keys of two sessions never share cached pages. */
function useOwnerKey(scope: PasteScope): string {
  const auth = useAuth();
  return scope === 'admin' ? 'admin' : (auth.apiKeyInfo?.id ?? '');
}

export function useManagedPastes(page: number, search: string | undefined) {
  const scope = usePasteScope();
  const owner = useOwnerKey(scope);
  return useQuery({
    queryKey: [...managedPastesQueryKey, scope, owner, 'list', { page, search }],
    queryFn: () => managedPastesApi.list(scope, { page, limit: PASTE_PAGE_SIZE, search }),
    // Keep the current page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

/** The full paste (the list carries only a preview of the content). */
export function useManagedPaste(id: string | null) {
  const scope = usePasteScope();
  const owner = useOwnerKey(scope);
  return useQuery({
    queryKey: [...managedPastesQueryKey, scope, owner, 'detail', id],
    queryFn: () => managedPastesApi.get(scope, id ?? ''),
    enabled: id !== null,
    // Always the newest content when a modal opens.
    staleTime: 0,
  });
}

function useInvalidateManagedPastes() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: managedPastesQueryKey });
}

export function useUpdatePaste() {
  const scope = usePasteScope();
  const invalidate = useInvalidateManagedPastes();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdatePasteRequest }) =>
      managedPastesApi.update(scope, id, changes),
    onSuccess: invalidate,
  });
}

export function useDeletePaste() {
  const scope = usePasteScope();
  const invalidate = useInvalidateManagedPastes();
  return useMutation({
    mutationFn: (id: string) => managedPastesApi.remove(scope, id),
    onSuccess: invalidate,
  });
}

export function useDeletePastes() {
  const scope = usePasteScope();
  const invalidate = useInvalidateManagedPastes();
  return useMutation({
    mutationFn: (ids: string[]) => managedPastesApi.removeMany(scope, ids),
    onSuccess: invalidate,
  });
}

/** Admin only (SPEC §6). */
export function useClearExpiredPastes() {
  const invalidate = useInvalidateManagedPastes();
  return useMutation({
    mutationFn: managedPastesApi.clearExpired,
    onSuccess: invalidate,
  });
}
