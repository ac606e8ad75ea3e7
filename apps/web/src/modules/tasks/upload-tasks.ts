import type { ValueStore } from '../../shared/value-store';
import { type BrowserTask, type BrowserTaskStatus, browserTasks } from './browser-tasks';

/** What the two upload queues (file shares, mounted folders) have in common. */
export interface UploadRow {
  name: string;
  status: 'pending' | 'uploading' | 'success' | 'error' | 'cancelled';
  /** The share queue marks a cancelled upload this way rather than by its status. */
  cancelled?: boolean;
  percent: number;
  loaded?: number;
  total?: number | null;
  speed?: number | null;
  error: { describe: () => string } | null;
  createdAt: string;
}

function statusOf(row: UploadRow): BrowserTaskStatus {
  if (row.cancelled || row.status === 'cancelled') return 'cancelled';
  switch (row.status) {
    case 'pending':
      return 'pending';
    case 'uploading':
      return 'running';
    case 'success':
      return 'completed';
    default:
      return 'failed';
  }
}

/** An upload queue's row as the task manager lists (and stores) it. */
export function uploadTask(id: string, row: UploadRow, detail: string | null): BrowserTask {
  const status = statusOf(row);
  return {
    id,
    kind: 'upload',
    name: row.name,
    detail,
    status,
    percent: row.percent,
    loaded: row.loaded ?? 0,
    total: row.total ?? null,
    speed: row.speed ?? null,
    error: status === 'failed' ? (row.error?.describe() ?? null) : null,
    url: null,
    expiresAt: null,
    createdAt: row.createdAt,
  };
}

/** An upload queue as the task manager drives it: its rows, and what can be done to one. */
export interface MirroredQueue<T extends UploadRow & { id: string }> {
  store: ValueStore<T[]>;
  cancel: (id: string) => void;
  retry: (id: string) => void;
  remove: (id: string) => void;
}

/** Lists a queue's rows among the browser tasks, with its cancel, retry and remove. */
export function mirrorUploadQueue<T extends UploadRow & { id: string }>(
  queue: MirroredQueue<T>,
  detailOf: (row: T) => string,
  canRetry: (row: T) => boolean = () => true,
) {
  browserTasks.mirror(
    queue.store,
    (row) => uploadTask(row.id, row, detailOf(row)),
    (row) => ({
      cancel: () => queue.cancel(row.id),
      retry: canRetry(row) ? () => queue.retry(row.id) : undefined,
      remove: () => queue.remove(row.id),
    }),
  );
}
