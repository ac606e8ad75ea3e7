import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiKeysApi } from './api-keys.api';
import { apiKeysQueryKey } from './api-keys.hooks';

/** Names of the API keys by id, for the admin's creator columns; null when not the admin. */
export function useKeyNames(enabled: boolean): ReadonlyMap<string, string> | null {
  const keys = useQuery({ queryKey: apiKeysQueryKey, queryFn: apiKeysApi.list, enabled });
  return useMemo(() => {
    if (!enabled) return null;
    return new Map((keys.data ?? []).map((key) => [key.id, key.name]));
  }, [enabled, keys.data]);
}
