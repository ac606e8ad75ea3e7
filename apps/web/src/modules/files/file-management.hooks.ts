import { FILE_PAGE_SIZE, type FileShare, type UpdateFileShareRequest } from '@sharebin/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../auth';
import { useCollection } from '../management';
import { storageQueryKey } from '../storage';
import { type FileScope, managedFilesApi } from './files.api';

/** Every query of the file-management module starts with this key. */
export const managedFilesQueryKey = ['files', 'managed'] as const;

/** The admin manages every file share, an API key its own (SPEC §6). */
export function useFileScope(): FileScope {
  return useAuth().authType === 'admin' ? 'admin' : 'user';
}

/** Whose list it is: keys of two sessions never share cached pages. */
function useOwnerKey(scope: FileScope): string {
  const auth = useAuth();
  return scope === 'admin' ? 'admin' : (auth.apiKeyInfo?.id ?? '');
}

/** The managed file shares as a collection, paged by offset. */
export function useFileCollection(search: string | undefined) {
  const scope = useFileScope();
  const owner = useOwnerKey(scope);
  return useCollection<FileShare>(
    {
      queryKey: [...managedFilesQueryKey, scope, owner],
      fetchPage: ({ offset, limit, search }) =>
        managedFilesApi.list(scope, { offset, limit, search }),
      idOf: fileId,
      pageSize: FILE_PAGE_SIZE,
      // Deleting files frees storage: the capacity shown for each storage changes too.
      invalidates: [managedFilesQueryKey, storageQueryKey],
    },
    search,
  );
}

const fileId = (file: FileShare) => file.id;

/** Preview addresses of a live share for its owner; they expire, so they are fetched fresh. */
export function useOwnerContentLinks(file: { id: string; status: string } | null) {
  const scope = useFileScope();
  const owner = useOwnerKey(scope);
  return useQuery({
    queryKey: [...managedFilesQueryKey, scope, owner, 'content-links', file?.id],
    queryFn: () => managedFilesApi.contentLinks(scope, file?.id as string),
    enabled: file !== null && file.status === 'live',
    staleTime: 60_000,
    gcTime: 0,
  });
}

function useInvalidateManagedFiles() {
  const queryClient = useQueryClient();
  // Deleting files frees storage: the capacity shown for each storage changes too.
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: managedFilesQueryKey }),
      queryClient.invalidateQueries({ queryKey: storageQueryKey }),
    ]);
}

export function useUpdateFile() {
  const scope = useFileScope();
  const invalidate = useInvalidateManagedFiles();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateFileShareRequest }) =>
      managedFilesApi.update(scope, id, changes),
    onSuccess: invalidate,
  });
}

export function useDeleteFile() {
  const scope = useFileScope();
  const invalidate = useInvalidateManagedFiles();
  return useMutation({
    mutationFn: (id: string) => managedFilesApi.remove(scope, id),
    onSuccess: invalidate,
  });
}
