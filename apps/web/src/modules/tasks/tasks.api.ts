import type { FsJob, Page } from '@sharebin/shared';
import { api } from '../../app/api-client';
import { fsBase } from '../mount-explorer';

/** Jobs listed at once: the newest, which is what a task panel shows. */
export const JOBS_SHOWN = 50;

const jobPath = (id: string) => `${fsBase()}/jobs/${encodeURIComponent(id)}`;

/** The job calls of SPEC §7 (tasks), on the session's credentials. */
export const jobsApi = {
  /** The newest JOBS_SHOWN jobs (the first page of the list). */
  list: async () =>
    (await api.get<Page<FsJob>>(`${fsBase()}/jobs`, { query: { limit: JOBS_SHOWN } })).items,
  get: (id: string) => api.get<FsJob>(jobPath(id)),
  cancel: (id: string) => api.post<FsJob>(`${jobPath(id)}/cancel`),
  retry: (id: string) => api.post<FsJob>(`${jobPath(id)}/retry`),
  remove: (id: string) => api.delete<null>(jobPath(id)),
};

export type JobsApi = typeof jobsApi;
