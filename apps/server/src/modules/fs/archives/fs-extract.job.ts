import {
  EXTRACT_MAX_BYTES,
  EXTRACT_MAX_ENTRIES,
  EXTRACT_MAX_RATIO,
  type FsArchiveEntry,
  type FsConflictMode,
  type Principal,
} from '@sharebin/shared';
import type { ItemResult, JobItemRow, NewJobItem } from '../../jobs/job-items.repository';
import type { JobContext, JobHandler } from '../../jobs/jobs.worker';
import { mimetypeFor } from '../../shared/media-types';
import {
  fsAlreadyExists,
  fsArchiveEntryNotFound,
  fsArchiveTooLarge,
  fsArchiveUnsafeEntry,
} from '../fs.errors';
import type { FsChange } from '../fs-change.models';
import { childPath, nameOfPath, parentPath } from '../fs-entries.models';
import type { FsLocator } from '../fs-locator.usecases';
import type { FsQuota } from '../fs-quota.usecases';
import {
  itemFailure,
  pendingStep,
  StorageDownError,
  targetFor,
} from '../transfers/fs-transfer.job';
import { isTransient, putStream, withRetries } from '../transfers/fs-transfer.usecases';
import type { ArchiveCursor } from './archive-readers';
import { asUnreadable, type FsArchives } from './fs-archives.usecases';

export interface ExtractPayload {
  path: string;
  targetPath: string;
  conflict: FsConflictMode;
}

/** A zip entry over this size is held to EXTRACT_MAX_RATIO on its own too. */
const RATIO_CHECKED_ENTRY_BYTES = 1024 * 1024;
/** An archive left open between items closes after this long without one (the job ended). */
const CURSOR_IDLE_MS = 30_000;
const PLAN_BATCH = 500;

/** The entry's path below the target folder: either slash, no empty or `.` segments. */
export function relativePathOf(name: string): string | null {
  const segments = name.split(/[/\\]/).filter((segment) => segment !== '' && segment !== '.');
  return segments.length > 0 ? segments.join('/') : null;
}

/** What one extraction may write: entries, bytes, and declared bytes per stored byte. */
export interface ExtractLimits {
  entries: number;
  bytes: number;
  ratio: number;
}

export const EXTRACT_LIMITS: ExtractLimits = {
  entries: EXTRACT_MAX_ENTRIES,
  bytes: EXTRACT_MAX_BYTES,
  ratio: EXTRACT_MAX_RATIO,
};

/** Counts what an archive would write and refuses it past the limits, before a byte is written. */
function bombCheck(path: string, limits: ExtractLimits) {
  let entries = 0;
  let bytes = 0;
  const overRatio = (declared: number, stored: number) => {
    const ratio = declared / Math.max(stored, 1);
    if (declared > RATIO_CHECKED_ENTRY_BYTES && ratio > limits.ratio) {
      throw fsArchiveTooLarge(path, 'ratio', ratio, limits.ratio);
    }
  };
  return {
    add(entry: FsArchiveEntry) {
      entries += 1;
      bytes += entry.size;
      if (entries > limits.entries)
        throw fsArchiveTooLarge(path, 'entries', entries, limits.entries);
      if (bytes > limits.bytes) throw fsArchiveTooLarge(path, 'bytes', bytes, limits.bytes);
      if (entry.compressed_size !== null) overRatio(entry.size, entry.compressed_size);
    },
    /** The archive as a whole (a tar.gz compresses as one; a zip of many small entries too). */
    finish: (archiveSize: number) => overRatio(bytes, archiveSize),
  };
}

const step = pendingStep<'file' | 'folder'>;

/**
 * POST fs/extract (issue 32): an archive's files written into a folder, one job item each, read
 * in archive order through one open archive. Planning reads every entry first and refuses a
 * bomb whole; links and names leaving the folder (zip-slip) are failed items, never written.
 */
export function createExtractJobs({
  archives,
  locator,
  quota,
  onChange,
  principalOf,
  enqueue,
  retryDelaysMs,
  limits = EXTRACT_LIMITS,
}: {
  archives: Pick<FsArchives, 'opened' | 'scan' | 'cursor'>;
  locator: FsLocator;
  quota: FsQuota;
  onChange: (changes: FsChange[]) => Promise<void>;
  principalOf: (context: JobContext) => Promise<Principal | null>;
  enqueue: (principal: Principal, payload: ExtractPayload) => Promise<string>;
  retryDelaysMs: readonly number[];
  limits?: ExtractLimits;
}) {
  /** One open archive per running job, so that a tar is read once for all its items. */
  const cursors = new Map<string, { cursor: Promise<ArchiveCursor>; idle: NodeJS.Timeout }>();

  function dropCursor(jobId: string) {
    const open = cursors.get(jobId);
    if (!open) return;
    cursors.delete(jobId);
    clearTimeout(open.idle);
    open.cursor.then((cursor) => cursor.close()).catch(() => {});
  }

  function cursorFor(jobId: string, principal: Principal, path: string): Promise<ArchiveCursor> {
    const open = cursors.get(jobId);
    if (open) clearTimeout(open.idle);
    const cursor = open?.cursor ?? archives.cursor(principal, path);
    const idle = setTimeout(() => dropCursor(jobId), CURSOR_IDLE_MS);
    idle.unref();
    cursors.set(jobId, { cursor, idle });
    return cursor;
  }

  async function requirePrincipal(context: JobContext): Promise<Principal> {
    const principal = await principalOf(context);
    if (!principal) throw new Error('The API key that started this job no longer exists');
    return principal;
  }

  async function extractFile(
    context: JobContext,
    principal: Principal,
    { path, conflict }: ExtractPayload,
    item: JobItemRow,
  ): Promise<ItemResult> {
    const destination = item.target_path ?? '';
    const target = await targetFor(
      locator,
      principal,
      parentPath(destination),
      nameOfPath(destination),
      conflict,
    );
    const existing = await target.storage.stat(target.key);
    if (existing?.isDirectory) throw fsAlreadyExists(target.path);
    if (existing && conflict === 'skip') return { status: 'skipped' };
    const cursor = await cursorFor(context.job.id, principal, path);
    const file = await cursor.open(item.source_path);
    if (!file) throw fsArchiveEntryNotFound(path, item.source_path);
    // An entry that fails to inflate, or inflates to another size than declared, fails as the
    // archive's fault, whatever the storage's put then says of its body.
    let entryError: unknown = null;
    file.stream.once('error', (error) => {
      entryError = error;
    });
    // Refused without room: storage.insufficient is the item's error, nothing is written.
    await quota.whileHolding(target, file.size, () =>
      putStream(file.stream, target.storage, target.key, {
        size: file.size,
        contentType: mimetypeFor(target.key, undefined),
        signal: context.signal,
        onBytes: context.reportBytes,
      }).catch((error: unknown) => {
        if (!context.signal.aborted && entryError !== null && !isTransient(entryError)) {
          asUnreadable(path, entryError);
        }
        throw error;
      }),
    );
    await onChange([{ kind: 'written', location: target, isDirectory: false, size: file.size }]);
    return { status: 'done' };
  }

  async function runStep(
    context: JobContext,
    payload: ExtractPayload,
    item: JobItemRow,
  ): Promise<ItemResult> {
    const principal = await requirePrincipal(context);
    if (item.kind === 'file') return extractFile(context, principal, payload, item);
    const folder = await locator.writeInto(principal, item.target_path ?? '');
    if (folder.key === '') return { status: 'done' };
    await folder.storage.mkdir(folder.key);
    await onChange([{ kind: 'written', location: folder, isDirectory: true, size: null }]);
    return { status: 'done' };
  }

  const handler: JobHandler = {
    counted: ['file'],
    async plan(context, add) {
      const { path, targetPath } = JSON.parse(context.job.payload) as ExtractPayload;
      const principal = await requirePrincipal(context);
      const check = bombCheck(path, limits);
      let batch: NewJobItem[] = [step('folder', path, targetPath)];
      const { size } = await archives.scan(principal, path, async (entry) => {
        check.add(entry);
        const relative = relativePathOf(entry.name);
        if (entry.unsafe) {
          batch.push({
            ...step('file', entry.name, null),
            ...itemFailure(fsArchiveUnsafeEntry(path, entry.name)),
          });
        } else if (relative !== null) {
          const target = childPath(targetPath, relative);
          batch.push(
            entry.is_directory
              ? step('folder', entry.name, target)
              : step('file', entry.name, target, entry.size),
          );
        }
        if (batch.length >= PLAN_BATCH) {
          await add(batch);
          batch = [];
        }
        return true;
      });
      check.finish(size);
      await add(batch);
    },
    async runItem(context, item) {
      const payload = JSON.parse(context.job.payload) as ExtractPayload;
      const attempt = async () => {
        try {
          return await runStep(context, payload, item);
        } catch (error) {
          // A tar half read cannot go on: the next item opens it again.
          dropCursor(context.job.id);
          throw error;
        }
      };
      try {
        return await withRetries(context.signal, attempt, retryDelaysMs);
      } catch (error) {
        if (context.signal.aborted) throw error;
        if (isTransient(error)) throw new StorageDownError(error);
        return itemFailure(error);
      }
    },
  };

  return {
    handler,

    /** Checks what the caller must fix (archive, target folder, rights), then queues the job. */
    async start(principal: Principal, payload: ExtractPayload): Promise<{ job_id: string }> {
      await archives.opened(principal, payload.path);
      await locator.writeInto(principal, payload.targetPath);
      return { job_id: await enqueue(principal, payload) };
    },
  };
}

export type ExtractJobs = ReturnType<typeof createExtractJobs>;
