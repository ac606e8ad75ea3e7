import {
  type Allowance,
  type Committed,
  type Refusal,
  screenFiles,
} from '../upload-request.limits';
import type { SendFailure, StoredFile } from './send-file';

export type QueueStatus = 'waiting' | 'uploading' | 'sent' | 'refused' | 'failed' | 'cancelled';

/** One file the visitor picked, from its check against the limits to its arrival. */
export interface QueuedFile {
  id: string;
  file: File;
  status: QueueStatus;
  /** 0–99 while sending, 100 once stored. */
  percent: number;
  /** Why it was not sent (checked here) or not taken (the server's refusal). */
  refusal: Refusal | null;
  /** Any other failure: the connection, or a refusal the page has no words of its own for. */
  failure: SendFailure | null;
  stored: StoredFile | null;
}

/** On their way or arrived: what counts against the request's limits. */
const COUNTED: ReadonlySet<QueueStatus> = new Set(['waiting', 'uploading', 'sent']);

/** The files and bytes the queue holds against the request's limits. */
export function committedOf(items: readonly QueuedFile[]): Committed {
  let files = 0;
  let bytes = 0;
  for (const item of items) {
    if (!COUNTED.has(item.status)) continue;
    files += 1;
    bytes += item.file.size;
  }
  return { files, bytes };
}

/** A file checked against what is left: waiting its turn, or refused with the reason. */
const screened = (id: string, file: File, refusal: Refusal | null): QueuedFile => ({
  id,
  file,
  status: refusal ? 'refused' : 'waiting',
  percent: 0,
  refusal,
  failure: null,
  stored: null,
});

/** The queue with `files` added at its end, each checked against what the others leave. */
export function enqueue(
  items: readonly QueuedFile[],
  files: readonly File[],
  allowance: Allowance,
  newId: () => string,
): QueuedFile[] {
  const refusals = screenFiles(files, allowance, committedOf(items));
  return [
    ...items,
    ...files.map((file, index) => screened(newId(), file, refusals[index] ?? null)),
  ];
}

/** A failed or cancelled file in line again, if what is left still lets it in. */
export function requeue(
  items: readonly QueuedFile[],
  id: string,
  allowance: Allowance,
): QueuedFile[] {
  const item = items.find((entry) => entry.id === id);
  if (!item || (item.status !== 'failed' && item.status !== 'cancelled')) return [...items];
  const [refusal] = screenFiles([item.file], allowance, committedOf(items));
  return items.map((entry) => (entry.id === id ? screened(id, item.file, refusal ?? null) : entry));
}

/**
 * Every file still waiting, refused for the reason that ended the request (it filled up,
 * closed or lost its folder): none of them would be taken.
 */
export const refuseWaiting = (items: readonly QueuedFile[], refusal: Refusal): QueuedFile[] =>
  items.map((item) => (item.status === 'waiting' ? { ...item, status: 'refused', refusal } : item));

/** How far the queue is: the files that arrived, and whether any is still on its way. */
export function queueProgress(items: readonly QueuedFile[]) {
  const sent = items.filter((item) => item.status === 'sent');
  const running = items.some((item) => item.status === 'waiting' || item.status === 'uploading');
  return { sent, running, settled: sent.length > 0 && !running };
}
