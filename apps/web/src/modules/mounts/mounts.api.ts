import type { CreateMountRequest, Mount, UpdateMountRequest } from '@sharebin/shared';
import { api } from '../../app/api-client';

const idPath = (id: string) => `/admin/mounts/${encodeURIComponent(id)}`;

/** The admin's mount calls (SPEC §7 Mounts); API keys never manage mounts (SPEC §6). */
export const mountsApi = {
  list: () => api.get<Mount[]>('/admin/mounts'),
  create: (body: CreateMountRequest) => api.post<Mount>('/admin/mounts', body),
  update: (id: string, body: UpdateMountRequest) => api.put<Mount>(idPath(id), body),
  remove: (id: string) => api.delete<null>(idPath(id)),
};
