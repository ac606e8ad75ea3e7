import type { SystemSettings, UpdateSystemSettingsRequest } from '@sharebin/shared';
import { api } from '../../app/api-client';

export const settingsApi = {
  get: () => api.get<SystemSettings>('/admin/system-settings'),
  update: (body: UpdateSystemSettingsRequest) =>
    api.put<SystemSettings>('/admin/system-settings', body),
};
