import type { FsJob } from '@sharebin/shared';
import type { AuthState } from '../auth';
import { type BrowserTask, isBrowserTaskFinished } from './browser-tasks';
import { isJobFinished } from './job-follower';

/** SPEC §4 task status as shown, with the partial-complete display and two browser states. */
export type TaskStatusShown =
  | 'pending'
  | 'running'
  | 'completed'
  | 'partial'
  | 'failed'
  | 'cancelled'
  | 'cancelling'
  | 'interrupted'
  | 'started';

export function jobStatusShown(job: FsJob): TaskStatusShown {
  if (job.status === 'completed' && (job.partial || job.failed > 0)) return 'partial';
  if (!isJobFinished(job) && job.cancel_requested) return 'cancelling';
  return job.status;
}

export const STATUS_COLORS: Record<TaskStatusShown, string> = {
  pending: 'gray',
  running: 'indigo',
  completed: 'teal',
  partial: 'orange',
  failed: 'red',
  cancelled: 'gray',
  cancelling: 'gray',
  interrupted: 'orange',
  started: 'indigo',
};

/** Server jobs and browser tasks in one list, newest first. */
export type TaskEntry =
  | { source: 'job'; id: string; createdAt: string; job: FsJob }
  | { source: 'browser'; id: string; createdAt: string; task: BrowserTask };

export function mergeTasks(jobs: FsJob[], tasks: BrowserTask[]): TaskEntry[] {
  const entries: TaskEntry[] = [
    ...jobs.map((job) => ({
      source: 'job' as const,
      id: `job-${job.id}`,
      createdAt: job.created_at,
      job,
    })),
    ...tasks.map((task) => ({
      source: 'browser' as const,
      id: task.id,
      createdAt: task.createdAt,
      task,
    })),
  ];
  return entries.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

export const isEntryFinished = (entry: TaskEntry) =>
  entry.source === 'job' ? isJobFinished(entry.job) : isBrowserTaskFinished(entry.task);

/** The badge's number: tasks pending or running, on the server or in this browser. */
export const countRunning = (jobs: FsJob[], tasks: BrowserTask[]) =>
  jobs.filter((job) => !isJobFinished(job)).length +
  tasks.filter((task) => !isBrowserTaskFinished(task)).length;

/** Server jobs belong to the administrator and to keys that may use mounts (SPEC §6). */
export const canFollowJobs = (auth: AuthState) =>
  auth.authType === 'admin' || (auth.authType === 'apikey' && auth.apiKeyPermissions.mount);

/** A job's progress in percent: by bytes when it knows them, else by items. */
export function jobPercent(job: FsJob): number {
  if (job.status === 'completed') return 100;
  if (job.bytes_total > 0) return Math.min(100, (job.bytes_done / job.bytes_total) * 100);
  if (job.items_total > 0) return Math.min(100, (job.items_done / job.items_total) * 100);
  return 0;
}

/** Bytes per second since the job started, while it runs; null when not measurable. */
export function jobSpeed(job: FsJob, now: number): number | null {
  if (job.status !== 'running' || !job.started_at || job.bytes_done <= 0) return null;
  const seconds = (now - Date.parse(job.started_at)) / 1000;
  return seconds > 0.5 ? job.bytes_done / seconds : null;
}

/** A native download can be started again while its link's token lasts. */
export const canDownloadAgain = (task: BrowserTask, now: number) =>
  task.url !== null && (task.expiresAt === null || Date.parse(task.expiresAt) > now);

/**
 * What a job's row is called: the last name of its first path, and how many more paths it has
 * (`photos` + 2); where it goes (`/docs/photos → /backup`) shows beside its time.
 */
export function jobSubject(job: FsJob): {
  name: string | null;
  more: number;
  route: string | null;
} {
  const { source, target, paths } = job.subject;
  if (source === null) return { name: null, more: 0, route: null };
  const name = source.split('/').filter(Boolean).at(-1) ?? '/';
  return { name, more: Math.max(0, paths - 1), route: target ? `${source} → ${target}` : source };
}
