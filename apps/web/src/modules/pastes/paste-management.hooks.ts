import { PASTE_PAGE_SIZE, type PasteSummary, type UpdatePasteRequest } from '@sharebin/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../auth';
import { useCollection } from '../management';
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

/** The managed pastes as a collection: paged by page number (the admin) or offset (a key). */
export function usePasteCollection(search: string | undefined) {
  const scope = usePasteScope();
  const owner = useOwnerKey(scope);
  return useCollection<PasteSummary>(
    {
      queryKey: [...managedPastesQueryKey, scope, owner],
      fetchPage: ({ page, limit, search }) => managedPastesApi.list(scope, { page, limit, search }),
      idOf: pasteId,
      pageSize: PASTE_PAGE_SIZE,
      invalidates: [managedPastesQueryKey],
    },
    search,
  );
}

const pasteId = (paste: PasteSummary) => paste.id;

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
    // A dialog shows its own error offline; only a page's data brings the offline page.
    throwOnError: false,
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

/** Admin only (SPEC §6). */
export function useClearExpiredPastes() {
  const invalidate = useInvalidateManagedPastes();
  return useMutation({
    mutationFn: managedPastesApi.clearExpired,
    onSuccess: invalidate,
  });
}
