import type {
  CreateMountRequest,
  Mount,
  MountList,
  ReindexStarted,
  ReindexStatus,
  UpdateMountRequest,
} from '@sharebin/shared';
import { api } from '../../app/api-client';
import { everyItem } from '../../app/every-item';

const idPath = (id: string) => `/admin/mounts/${encodeURIComponent(id)}`;

/** The admin's mount calls (SPEC §7 Mounts); API keys never manage mounts (SPEC §6). */
export const mountsApi = {
  /** Every mount: the list is paged, the screen shows them all. */
  list: (): Promise<Mount[]> =>
    everyItem((query) => api.get<MountList>('/admin/mounts', { query })),
  create: (body: CreateMountRequest) => api.post<Mount>('/admin/mounts', body),
  update: (id: string, body: UpdateMountRequest) => api.put<Mount>(idPath(id), body),
  remove: (id: string) => api.delete<null>(idPath(id)),
  /** Queues a rebuild of the mount's search index as a job the task manager follows. */
  reindex: (id: string) => api.post<ReindexStarted>(`${idPath(id)}/reindex`),
  /** How the mount's index stands: the entries of the running rebuild, or of the last one. */
  reindexStatus: (id: string) => api.get<ReindexStatus>(`${idPath(id)}/reindex`),
};
