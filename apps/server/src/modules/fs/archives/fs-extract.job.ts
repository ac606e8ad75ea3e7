import {
  EXTRACT_MAX_BYTES,
  EXTRACT_MAX_ENTRIES,
  EXTRACT_MAX_RATIO,
  type FsArchiveEntry,
  type FsConflictMode,
  normalizePath,
  type Principal,
} from '@sharebin/shared';
import { fileTooLarge } from '../../files/files.errors';
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
import { nameOfPath, parentPath } from '../fs-entries.models';
import type { FsLocator } from '../fs-locator.usecases';
import type { FsQuota } from '../fs-quota.usecases';
import { itemFailure, pendingStep, runWithRetries, targetFor } from '../transfers/fs-transfer.job';
import { isTransient, putStream } from '../transfers/fs-transfer.usecases';
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

/** Where an entry lands below the target folder (either slash); null when it cannot go. */
function destinationOf(targetPath: string, name: string): string | null {
  try {
    const destination = normalizePath(`${targetPath}/${name}`);
    return destination === normalizePath(targetPath) ? null : destination;
  } catch {
    // A NUL or an over-long name: never a path in a storage.
    return null;
  }
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
  maxUploadBytes,
  limits = EXTRACT_LIMITS,
}: {
  archives: Pick<FsArchives, 'opened' | 'scan' | 'cursor'>;
  locator: FsLocator;
  quota: FsQuota;
  onChange: (changes: FsChange[]) => Promise<void>;
  principalOf: (context: JobContext) => Promise<Principal | null>;
  enqueue: (principal: Principal, payload: ExtractPayload) => Promise<string>;
  retryDelaysMs: readonly number[];
  /** The upload limit (system settings): no extracted file is larger. */
  maxUploadBytes: () => Promise<number>;
  limits?: ExtractLimits;
}) {
  /** One open archive per running job, so that a tar is read once for all its items. */
  const cursors = new Map<
    string,
    { cursor: Promise<ArchiveCursor>; idle: NodeJS.Timeout | undefined }
  >();

  function dropCursor(jobId: string) {
    const open = cursors.get(jobId);
    if (!open) return;
    cursors.delete(jobId);
    clearTimeout(open.idle);
    open.cursor.then((cursor) => cursor.close()).catch(() => {});
  }

  /**
   * Runs `read` on the job's open archive. The archive closes CURSOR_IDLE_MS after the last
   * read ended (the job is over), never during one, and at once when a read fails: a tar left
   * in the middle of an entry cannot go on, the next item opens it again.
   */
  async function withCursor<T>(
    jobId: string,
    principal: Principal,
    path: string,
    read: (cursor: ArchiveCursor) => Promise<T>,
  ): Promise<T> {
    let open = cursors.get(jobId);
    if (open) clearTimeout(open.idle);
    else {
      open = { cursor: archives.cursor(principal, path), idle: undefined };
      cursors.set(jobId, open);
    }
    try {
      const result = await read(await open.cursor);
      open.idle = setTimeout(() => dropCursor(jobId), CURSOR_IDLE_MS);
      open.idle.unref();
      return result;
    } catch (error) {
      dropCursor(jobId);
      throw error;
    }
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
    // Refused without room before the archive is touched: storage.insufficient is the item's
    // error, nothing is written.
    await quota.whileHolding(target, item.size, () =>
      withCursor(context.job.id, principal, path, async (cursor) => {
        const file = await cursor.open(item.source_path);
        if (!file) throw fsArchiveEntryNotFound(path, item.source_path);
        // An entry that fails to inflate, or inflates to another size than declared, fails as
        // the archive's fault, whatever the storage's put then says of its body.
        let entryError: unknown = null;
        file.stream.once('error', (error) => {
          entryError = error;
        });
        await putStream(file.stream, target.storage, target.key, {
          size: file.size,
          contentType: mimetypeFor(target.key, undefined),
          signal: context.signal,
          onBytes: context.reportBytes,
        }).catch((error: unknown) => {
          if (!context.signal.aborted && entryError !== null && !isTransient(entryError)) {
            asUnreadable(path, entryError);
          }
          throw error;
        });
      }),
    );
    await onChange([{ kind: 'written', location: target, isDirectory: false, size: item.size }]);
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
      const maxFileBytes = await maxUploadBytes();
      let batch: NewJobItem[] = [step('folder', path, targetPath)];
      const failed = (name: string, error: unknown) =>
        batch.push({ ...step('file', name, null), ...itemFailure(error) });
      const { size } = await archives.scan(principal, path, limits.ratio, async (entry) => {
        check.add(entry);
        const destination = entry.unsafe ? null : destinationOf(targetPath, entry.name);
        if (entry.unsafe) failed(entry.name, fsArchiveUnsafeEntry(path, entry.name));
        else if (destination === null) {
          // `./` or `/` alone is the target folder itself; a NUL can be no path.
          if (entry.name.includes('\0')) failed(entry.name, fsArchiveUnsafeEntry(path, entry.name));
        } else if (entry.is_directory) batch.push(step('folder', entry.name, destination));
        // The upload limit holds for every write path, an extraction's files too.
        else if (entry.size > maxFileBytes) failed(entry.name, fileTooLarge(maxFileBytes));
        else batch.push(step('file', entry.name, destination, entry.size));
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
      return runWithRetries(context, () => runStep(context, payload, item), retryDelaysMs);
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
