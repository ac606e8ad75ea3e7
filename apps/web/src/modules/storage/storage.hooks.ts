import type { StorageChoice, StorageConfig, UpdateStorageConfigRequest } from '@sharebin/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../auth';
import { useCollection, wholeList } from '../management';
import { storageApi } from './storage.api';

/** Every storage query starts with this key. */
export const storageQueryKey = ['storage'] as const;

const configId = (config: StorageConfig) => config.id;
const listConfigs = wholeList(() => storageApi.list() as Promise<StorageConfig[]>);

/** The admin's full list (secrets masked), as one collection. */
export function useStorageConfigCollection() {
  return useCollection<StorageConfig>({
    queryKey: [...storageQueryKey, 'admin', 'configs'],
    fetchPage: listConfigs,
    idOf: configId,
    invalidates: [storageQueryKey],
  });
}

/**
 * The storages the signed-in user can see: every one for the admin, those keys may use for an
 * API key. Keys of two sessions never share the cached list.
 */
export function useStorageChoices(enabled = true) {
  const auth = useAuth();
  const owner = auth.authType === 'admin' ? 'admin' : (auth.apiKeyInfo?.id ?? '');
  return useQuery({
    queryKey: [...storageQueryKey, owner, 'choices'],
    queryFn: () => storageApi.list() as Promise<StorageChoice[]>,
    enabled,
  });
}

function useInvalidateStorage() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: storageQueryKey });
}

export function useCreateStorageConfig() {
  const invalidate = useInvalidateStorage();
  return useMutation({ mutationFn: storageApi.create, onSuccess: invalidate });
}

export function useUpdateStorageConfig() {
  const invalidate = useInvalidateStorage();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateStorageConfigRequest }) =>
      storageApi.update(id, changes),
    onSuccess: invalidate,
  });
}

export function useDeleteStorageConfig() {
  const invalidate = useInvalidateStorage();
  return useMutation({ mutationFn: storageApi.remove, onSuccess: invalidate });
}

export function useSetDefaultStorageConfig() {
  const invalidate = useInvalidateStorage();
  return useMutation({ mutationFn: storageApi.setDefault, onSuccess: invalidate });
}

export function useTestStorageConfig() {
  return useMutation({ mutationFn: storageApi.test });
}
