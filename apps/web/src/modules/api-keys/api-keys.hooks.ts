import type { ApiKey, UpdateApiKeyRequest } from '@sharebin/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCollection, wholeList } from '../management';
import { apiKeysApi } from './api-keys.api';

export const apiKeysQueryKey = ['admin', 'api-keys'] as const;

const keyId = (key: ApiKey) => key.id;
const listKeys = wholeList(apiKeysApi.list);

/** Every key as one collection (the server does not page them). */
export function useApiKeyCollection() {
  return useCollection<ApiKey>({
    queryKey: apiKeysQueryKey,
    fetchPage: listKeys,
    idOf: keyId,
    invalidates: [apiKeysQueryKey],
  });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: apiKeysApi.create,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}

export function useUpdateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateApiKeyRequest }) =>
      apiKeysApi.update(id, changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}

export function useDeleteApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: apiKeysApi.remove,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
