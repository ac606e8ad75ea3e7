import { ERROR_CODES, type FsJob, type Principal } from '@sharebin/shared';
import { toIso, toIsoOrNull } from '../shared/clock';
import type { JobItemRow } from './job-items.repository';
import type { JobRow } from './jobs.repository';

/** Who started a job: the admin or one API key (its jobs are its own). */
export const ownerOf = (principal: Principal) => {
  if (principal.type === 'none') throw new Error('A job needs an owner');
  return { type: principal.type, id: principal.id };
};

export type FailedItem = Pick<JobItemRow, 'source_path' | 'error' | 'message' | 'details'>;

/**
 * How much of a failure's text a job keeps: its message, and each text of its details (a
 * storage's reason can be a whole error page).
 */
export const JOB_ERROR_TEXT_CHARS = 500;

const boundedTexts = (value: unknown): unknown => {
  if (typeof value === 'string') return value.slice(0, JOB_ERROR_TEXT_CHARS);
  if (Array.isArray(value)) return value.map(boundedTexts);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, boundedTexts(inner)]),
    );
  }
  return value;
};

/** A failure's details as a job stores them (JSON), each text cut to JOB_ERROR_TEXT_CHARS. */
export const storedErrorDetails = (details: Record<string, unknown>): string =>
  JSON.stringify(boundedTexts(details));

/**
 * What a job works on, read from its payload: copy and move carry `items` of source and target
 * paths, delete and zip carry `paths`, an extraction its archive's `path` and `targetPath`;
 * scheduled work carries none.
 */
function subjectOf(payload: string): FsJob['subject'] {
  const parsed = JSON.parse(payload) as {
    items?: { sourcePath: string; targetPath: string }[];
    paths?: string[];
    path?: string;
    targetPath?: string;
  };
  const sources =
    parsed.items?.map((item) => item.sourcePath) ??
    parsed.paths ??
    (parsed.path ? [parsed.path] : []);
  return {
    source: sources[0] ?? null,
    target: parsed.items?.[0]?.targetPath ?? parsed.targetPath ?? null,
    paths: sources.length,
  };
}

export function toWireJob(job: JobRow, failed: FailedItem[]): FsJob {
  return {
    id: job.id,
    type: job.type as FsJob['type'],
    status: job.status,
    partial: job.status === 'completed' && job.failed_count > 0,
    subject: subjectOf(job.payload),
    items_total: job.items_total,
    items_done: job.items_done,
    bytes_total: job.bytes_total,
    bytes_done: job.bytes_done + (job.status === 'running' ? job.current_bytes : 0),
    success: job.success_count,
    skipped: job.skipped_count,
    failed: job.failed_count,
    errors: failed.map((item) => ({
      path: item.source_path,
      error: item.error ?? 'internal.error',
      message: item.message ?? '',
      ...(item.details ? { details: JSON.parse(item.details) as Record<string, unknown> } : {}),
    })),
    error: job.error,
    // Jobs that failed before codes were kept (0031) carry only their text.
    error_code: job.error_code ?? (job.error ? ERROR_CODES.internal : null),
    ...(job.error_details
      ? { error_details: JSON.parse(job.error_details) as Record<string, unknown> }
      : {}),
    cancel_requested: job.cancel_requested === 1,
    created_at: toIso(job.created_at),
    started_at: toIsoOrNull(job.started_at),
    finished_at: toIsoOrNull(job.finished_at),
  };
}
