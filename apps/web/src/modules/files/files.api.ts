import type {
  FileContentLinks,
  FileList,
  FileShare,
  UpdateFileShareRequest,
} from '@sharebin/shared';
import { api } from '../../app/api-client';

/**
 * File share management: the admin manages every share under `/admin`, an API key with file
 * permission its own under `/user` (SPEC §6). Upload calls live in upload.api.ts.
 */
export type FileScope = 'admin' | 'user';

const idPath = (scope: FileScope, id: string) => `/${scope}/files/${encodeURIComponent(id)}`;

export const managedFilesApi = {
  /** Newest first. */
  list: (scope: FileScope, query: { offset: number; limit: number; search?: string }) =>
    api.get<FileList>(`/${scope}/files`, { query }),
  get: (scope: FileScope, id: string) => api.get<FileShare>(idPath(scope, id)),
  /** The owner's preview and download addresses: no password asked, no view counted. */
  contentLinks: (scope: FileScope, id: string) =>
    api.get<FileContentLinks>(`${idPath(scope, id)}/content-links`),
  /** Send only what changed; `password: null` removes the password. */
  update: (scope: FileScope, id: string, body: UpdateFileShareRequest) =>
    api.put<FileShare>(idPath(scope, id), body),
  remove: (scope: FileScope, id: string) => api.delete<null>(idPath(scope, id)),
  removeMany: (scope: FileScope, ids: string[]) =>
    api.post<{ deleted: number }>(`/${scope}/files/batch-delete`, { ids }),
};
