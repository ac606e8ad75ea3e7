import type {
  CreateStorageConfigRequest,
  StorageChoice,
  StorageConfig,
  StorageTestReport,
  UpdateStorageConfigRequest,
} from '@sharebin/shared';
import { api } from '../../app/api-client';

const idPath = (id: string) => `/s3-configs/${encodeURIComponent(id)}`;

/**
 * Storage configurations (SPEC §7 S3 configs). `list()` answers full configs to the admin and
 * brief choices (only those keys may use) to an API key.
 */
export const storageApi = {
  list: () => api.get<StorageConfig[] | StorageChoice[]>('/s3-configs'),
  get: (id: string) => api.get<StorageConfig>(idPath(id)),
  create: (body: CreateStorageConfigRequest) => api.post<StorageConfig>('/s3-configs', body),
  update: (id: string, body: UpdateStorageConfigRequest) =>
    api.put<StorageConfig>(idPath(id), body),
  remove: (id: string) => api.delete<null>(idPath(id)),
  setDefault: (id: string) => api.put<StorageConfig>(`${idPath(id)}/set-default`),
  /** Writes, reads, lists, presigns and deletes a probe object; one entry per check. */
  test: (id: string) => api.post<StorageTestReport>(`${idPath(id)}/test`),
};
