import type {
  ApiKey,
  CreateApiKeyRequest,
  CreatedApiKey,
  UpdateApiKeyRequest,
} from '@sharebin/shared';
import { api } from '../../app/api-client';

export const apiKeysApi = {
  list: () => api.get<ApiKey[]>('/admin/api-keys'),
  create: (body: CreateApiKeyRequest) => api.post<CreatedApiKey>('/admin/api-keys', body),
  update: (id: string, body: UpdateApiKeyRequest) =>
    api.put<ApiKey>(`/admin/api-keys/${encodeURIComponent(id)}`, body),
  remove: (id: string) => api.delete<null>(`/admin/api-keys/${encodeURIComponent(id)}`),
};
