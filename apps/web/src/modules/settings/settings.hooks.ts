import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authApi } from '../auth';
import { settingsApi } from './settings.api';

export const systemSettingsQueryKey = ['admin', 'system-settings'] as const;

export function useSystemSettings() {
  return useQuery({ queryKey: systemSettingsQueryKey, queryFn: settingsApi.get });
}

export function useUpdateSystemSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: settingsApi.update,
    onSuccess: (settings) => queryClient.setQueryData(systemSettingsQueryKey, settings),
  });
}

export function useChangeAccount() {
  return useMutation({ mutationFn: authApi.changePassword });
}
