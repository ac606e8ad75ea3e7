import type {
  ApiKey,
  ApiKeyList,
  CreateApiKeyRequest,
  CreatedApiKey,
  UpdateApiKeyRequest,
} from '@sharebin/shared';
import { api } from '../../app/api-client';
import { everyItem } from '../../app/every-item';

export const apiKeysApi = {
  /** Every key: the list is paged, the screen shows them all. */
  list: (): Promise<ApiKey[]> =>
    everyItem((query) => api.get<ApiKeyList>('/admin/api-keys', { query })),
  create: (body: CreateApiKeyRequest) => api.post<CreatedApiKey>('/admin/api-keys', body),
  update: (id: string, body: UpdateApiKeyRequest) =>
    api.put<ApiKey>(`/admin/api-keys/${encodeURIComponent(id)}`, body),
  remove: (id: string) => api.delete<null>(`/admin/api-keys/${encodeURIComponent(id)}`),
};
