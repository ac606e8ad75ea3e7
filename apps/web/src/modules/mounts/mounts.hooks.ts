import type { Mount, UpdateMountRequest } from '@sharebin/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCollection, wholeList } from '../management';
import { mountsApi } from './mounts.api';

/** Every mount query starts with this key. */
export const mountsQueryKey = ['mounts'] as const;

const listMounts = wholeList(mountsApi.list);
const mountId = (mount: Mount) => mount.id;

/** Every mount, active or not, in the server's order (sort order, then path). */
export function useMountCollection() {
  return useCollection<Mount>({
    queryKey: [...mountsQueryKey, 'admin'],
    fetchPage: listMounts,
    idOf: mountId,
    invalidates: [mountsQueryKey],
  });
}

function useInvalidateMounts() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: mountsQueryKey });
}

export function useCreateMount() {
  const invalidate = useInvalidateMounts();
  return useMutation({ mutationFn: mountsApi.create, onSuccess: invalidate });
}

export function useUpdateMount() {
  const invalidate = useInvalidateMounts();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateMountRequest }) =>
      mountsApi.update(id, changes),
    onSuccess: invalidate,
  });
}

export function useDeleteMount() {
  const invalidate = useInvalidateMounts();
  return useMutation({ mutationFn: mountsApi.remove, onSuccess: invalidate });
}

/** Deletes several mounts one call each (the API has no batch delete for mounts). */
export async function removeMounts(ids: string[]): Promise<{ deleted: number }> {
  const results = await Promise.allSettled(ids.map((id) => mountsApi.remove(id)));
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  return { deleted: results.length };
}
