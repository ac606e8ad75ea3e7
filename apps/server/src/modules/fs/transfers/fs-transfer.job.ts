import { ERROR_CODES, type FsConflictMode, isPathWithin, type Principal } from '@sharebin/shared';
import { AppError } from '../../../app/errors';
import type { ItemResult, JobItemRow, NewJobItem } from '../../jobs/job-items.repository';
import type { JobContext, JobHandler } from '../../jobs/jobs.worker';
import {
  fsAlreadyExists,
  fsFolderKept,
  fsIntoItself,
  fsNoFilesToCopy,
  fsNotAFile,
  fsNotFound,
  fsSizeMismatch,
} from '../fs.errors';
import type { FsChange } from '../fs-change.models';
import { childPath, nameOfPath, parentPath } from '../fs-entries.models';
import { failureReason } from '../fs-failure.errors';
import type { FsLocator, MountLocation } from '../fs-locator.usecases';
import type { FsQuota } from '../fs-quota.usecases';
import { keepParentFolder } from '../fs-write.usecases';
import { isTransient, streamFile, withRetries } from './fs-transfer.usecases';
import { walkStorage } from './fs-walk.usecases';

export type TransferKind = 'copy' | 'move';
export interface TransferItem {
  sourcePath: string;
  /** The folder the item goes into. */
  targetPath: string;
  /** The name it takes there; jobs queued before names were sent keep the source's. */
  name?: string;
}

const destinationOf = ({ sourcePath, targetPath, name }: TransferItem) =>
  childPath(targetPath, name ?? nameOfPath(sourcePath));
export interface TransferPayload {
  items: TransferItem[];
  conflict: FsConflictMode;
}

/**
 * `folder` brings empty folders along; `tree` is a same-storage move done at once; `cleanup`
 * drops an emptied source; `item` is one whose planning failed, replanned on retry.
 */
type StepKind = 'file' | 'folder' | 'tree' | 'cleanup' | 'item';
const PLAN_BATCH = 500;
/** `name (1).txt`, `name (2).txt`, …: how far a rename looks for a free name. */
const RENAME_TRIES = 1_000;

/** A failure as a job item records it: the code and message the API would answer. */
export function itemFailure(error: unknown): ItemResult {
  const reason = failureReason(error);
  return {
    status: 'failed',
    error: reason?.error ?? 'internal.error',
    message: reason?.message ?? (error instanceof Error ? error.message : String(error)),
    details: reason?.details ? JSON.stringify(reason.details) : null,
  };
}

/** A job item still to do: one step of a job's plan. */
export const pendingStep = <Kind extends string>(
  kind: Kind,
  source_path: string,
  target_path: string | null,
  size = 0,
): NewJobItem => ({
  kind,
  source_path,
  target_path,
  size,
  status: 'pending',
  error: null,
  message: null,
});
const step = pendingStep<StepKind>;

/**
 * An item run with the waits of `retryDelaysMs` while its storage fails transiently; a
 * storage down through all of them stops the job (items left pending for a retry), any other
 * failure is the item's.
 */
export async function runWithRetries(
  context: JobContext,
  run: () => Promise<ItemResult>,
  retryDelaysMs: readonly number[],
): Promise<ItemResult> {
  try {
    return await withRetries(context.signal, run, retryDelaysMs);
  } catch (error) {
    if (context.signal.aborted) throw error;
    if (isTransient(error)) throw new StorageDownError(error);
    return itemFailure(error);
  }
}

const withSuffix = (name: string, n: number) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
};

/** The target for `name` in `folder` under the conflict mode, or why the item cannot go. */
export async function targetFor(
  locator: FsLocator,
  principal: Principal,
  folder: string,
  name: string,
  conflict: FsConflictMode,
): Promise<MountLocation> {
  const target = await locator.write(principal, childPath(folder, name));
  if (!(await target.storage.stat(target.key))) return target;
  if (conflict === 'fail') throw fsAlreadyExists(target.path);
  if (conflict !== 'rename') return target;
  for (let n = 1; n <= RENAME_TRIES; n++) {
    const renamed = await locator.write(principal, childPath(folder, withSuffix(name, n)));
    if (!(await renamed.storage.stat(renamed.key))) return renamed;
  }
  throw fsAlreadyExists(target.path);
}

export interface TransferJobsDeps {
  locator: FsLocator;
  /** New bytes in a target storage are held against its capacity while they are copied. */
  quota: FsQuota;
  onChange: (changes: FsChange[]) => Promise<void>;
  /** Who the job works for, with the permissions they have now; null when they are gone. */
  principalOf: (context: JobContext) => Promise<Principal | null>;
  enqueue: (kind: TransferKind, principal: Principal, payload: TransferPayload) => Promise<string>;
  /** The waits between attempts of an item whose storage fails transiently (JobTimings). */
  retryDelaysMs: readonly number[];
}

/** Stops the job with items left pending, rather than failing each while the storage is down. */
export class StorageDownError extends AppError {
  constructor(cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(
      503,
      ERROR_CODES.fsStorageDown,
      `The storage stayed unreachable through every retry (${reason}): retry the job once it is back`,
      { reason },
    );
    this.name = 'StorageDownError';
    this.cause = cause;
  }
}

/**
 * SPEC §7 batch-copy, move. A move deletes a source file only after its copy is there with the
 * same size.
 */
export function createTransferJobs({
  locator,
  quota,
  onChange,
  principalOf,
  enqueue,
  retryDelaysMs,
}: TransferJobsDeps) {
  const sourceOf = (kind: TransferKind, principal: Principal, path: string) =>
    kind === 'move' ? locator.write(principal, path) : locator.read(principal, path);

  async function requirePrincipal(context: JobContext): Promise<Principal> {
    const principal = await principalOf(context);
    if (!principal) throw new Error('The API key that started this job no longer exists');
    return principal;
  }

  /** Checks a request before it becomes a job; throws what the caller must fix. */
  async function check(kind: TransferKind, principal: Principal, items: TransferItem[]) {
    let found = 0;
    for (const item of items) {
      const { sourcePath, targetPath } = item;
      const source = await sourceOf(kind, principal, sourcePath);
      if (source.kind === 'virtual' || source.key === '') throw fsNotAFile(sourcePath);
      await locator.writeInto(principal, targetPath);
      // A copy into itself is fine: planning walks the source whole before a byte is copied.
      if (kind === 'move' && isPathWithin(sourcePath, destinationOf(item))) {
        throw fsIntoItself(sourcePath, targetPath);
      }
      if (await source.storage.stat(source.key)) found += 1;
    }
    if (found === 0) throw fsNoFilesToCopy();
  }

  function handler(kind: TransferKind): JobHandler {
    /** The steps of one item of the request, handed to `add` in batches; throws why it cannot go. */
    async function planSteps(
      principal: Principal,
      item: TransferItem,
      conflict: FsConflictMode,
      add: (items: NewJobItem[]) => Promise<void>,
    ) {
      const { sourcePath, targetPath } = item;
      const source = await sourceOf(kind, principal, sourcePath);
      if (source.kind === 'virtual' || source.key === '') throw fsNotAFile(sourcePath);
      const entry = await source.storage.stat(source.key);
      if (!entry) throw fsNotFound(sourcePath);
      const name = item.name ?? nameOfPath(sourcePath);
      const target = await targetFor(locator, principal, targetPath, name, conflict);
      if (kind === 'move' && isPathWithin(sourcePath, target.path)) {
        throw fsIntoItself(sourcePath, targetPath);
      }
      const sameStorage = source.mount.storage_config_id === target.mount.storage_config_id;
      const targetFree = !(await target.storage.stat(target.key));
      if (kind === 'move' && sameStorage && targetFree) {
        return add([step('tree', sourcePath, target.path, entry.isDirectory ? 0 : entry.size)]);
      }
      if (!entry.isDirectory) return add([step('file', sourcePath, target.path, entry.size)]);
      let batch = [step('folder', sourcePath, target.path)];
      for await (const below of walkStorage(source.storage, source.key)) {
        // `below.path` is `/` + the key in the storage: the part under the source folder.
        const relative = below.path.slice(source.key.length + 1);
        const stepKind = below.isDirectory ? 'folder' : 'file';
        batch.push(step(stepKind, sourcePath + relative, target.path + relative, below.size ?? 0));
        if (batch.length >= PLAN_BATCH) {
          await add(batch);
          batch = [];
        }
      }
      if (kind === 'move') batch.push(step('cleanup', sourcePath, target.path));
      await add(batch);
    }

    /** Plans one item; one that cannot be planned is a failed `item` step, whole, for a retry. */
    async function planItem(
      principal: Principal,
      item: TransferItem,
      conflict: FsConflictMode,
      add: (items: NewJobItem[]) => Promise<void>,
    ) {
      try {
        await planSteps(principal, item, conflict, add);
      } catch (error) {
        await add([
          { ...step('item', item.sourcePath, destinationOf(item)), ...itemFailure(error) },
        ]);
      }
    }

    async function copyFile(
      context: JobContext,
      source: MountLocation,
      target: MountLocation,
      size: number,
    ): Promise<void> {
      // Refused without room: storage.insufficient is the item's error, nothing is written.
      await quota.whileHolding(target, size, async () => {
        if (source.mount.storage_config_id === target.mount.storage_config_id) {
          await target.storage.copy(source.key, target.key);
        } else {
          await streamFile(source.storage, source.key, target.storage, target.key, {
            signal: context.signal,
            onBytes: context.reportBytes,
          });
        }
      });
    }

    async function runFile(
      context: JobContext,
      principal: Principal,
      item: JobItemRow,
      conflict: FsConflictMode,
    ): Promise<ItemResult> {
      const source = await sourceOf(kind, principal, item.source_path);
      const target = await locator.write(principal, item.target_path ?? '');
      if (source.kind !== 'mount') throw fsNotAFile(item.source_path);
      const entry = await source.storage.stat(source.key);
      if (!entry) throw fsNotFound(item.source_path);
      const existing = await target.storage.stat(target.key);
      if (existing?.isDirectory) throw fsAlreadyExists(target.path);
      // The top item's conflict was settled when planning; below it, folders merge.
      if (existing && conflict === 'skip') return { status: 'skipped' };
      await copyFile(context, source, target, entry.size);
      const copied = await target.storage.stat(target.key);
      if (copied?.size !== entry.size) {
        throw fsSizeMismatch(target.path, entry.size, copied?.size ?? 0);
      }
      const changes: FsChange[] = [
        { kind: 'written', location: target, isDirectory: false, size: entry.size },
      ];
      if (kind === 'move') {
        await source.storage.delete(source.key);
        await keepParentFolder(source);
        changes.push({ kind: 'removed', location: source, subtree: false, movedTo: target });
      }
      await onChange(changes);
      return { status: 'done' };
    }

    async function runStep(
      context: JobContext,
      principal: Principal,
      item: JobItemRow,
      conflict: FsConflictMode,
    ): Promise<ItemResult> {
      switch (item.kind as StepKind) {
        case 'file':
          return runFile(context, principal, item, conflict);
        case 'folder': {
          const target = await locator.write(principal, item.target_path ?? '');
          await target.storage.mkdir(target.key);
          await onChange([{ kind: 'written', location: target, isDirectory: true, size: null }]);
          return { status: 'done' };
        }
        case 'tree': {
          const source = await locator.write(principal, item.source_path);
          const target = await locator.write(principal, item.target_path ?? '');
          const entry = await source.storage.stat(source.key);
          // Gone from the source and at the target: an instance that died had moved it.
          if (!entry && (await target.storage.stat(target.key))) return { status: 'done' };
          await target.storage.move(source.key, target.key);
          await keepParentFolder(source);
          const isDirectory = !!entry?.isDirectory;
          // Between two mounts of one storage, both mounts changed.
          await onChange(
            source.mount.id === target.mount.id
              ? [{ kind: 'moved', from: source, location: target, isDirectory }]
              : [
                  { kind: 'written', location: target, isDirectory, size: entry?.size ?? null },
                  { kind: 'removed', location: source, subtree: isDirectory, movedTo: target },
                ],
          );
          return { status: 'done' };
        }
        case 'item': {
          // Planning failed before; replanned and done now as one item (steps held in memory).
          const steps: NewJobItem[] = [];
          const destination = item.target_path ?? '';
          const request = {
            sourcePath: item.source_path,
            targetPath: parentPath(destination),
            name: nameOfPath(destination),
          };
          await planSteps(principal, request, conflict, async (batch) => {
            steps.push(...batch);
          });
          for (const planned of steps) {
            const result = await runStep(context, principal, { ...item, ...planned }, conflict);
            if (result.status === 'failed') return result;
          }
          return { status: 'done' };
        }
        case 'cleanup': {
          // Files that were skipped or failed stay in the source, and with them their folders.
          const source = await locator.write(principal, item.source_path);
          for await (const below of walkStorage(source.storage, source.key)) {
            // Failed, so that a retry of the job comes back here once those files moved.
            if (!below.isDirectory) return itemFailure(fsFolderKept(item.source_path));
          }
          await source.storage.deletePrefix(source.key);
          await keepParentFolder(source);
          // The folder moved file by file: what followed it goes to where its files went.
          const movedTo = item.target_path
            ? { movedTo: await locator.write(principal, item.target_path) }
            : {};
          await onChange([{ kind: 'removed', location: source, subtree: true, ...movedTo }]);
          return { status: 'done' };
        }
      }
    }

    return {
      counted: ['file', 'tree', 'item'],
      async plan(context, add) {
        const payload = JSON.parse(context.job.payload) as TransferPayload;
        const principal = await requirePrincipal(context);
        for (const item of payload.items) await planItem(principal, item, payload.conflict, add);
      },
      async runItem(context, item) {
        const { conflict } = JSON.parse(context.job.payload) as TransferPayload;
        // Safe to redo whole: a copied file is overwritten, a made folder is found there.
        return runWithRetries(
          context,
          async () => runStep(context, await requirePrincipal(context), item, conflict),
          retryDelaysMs,
        );
      },
    };
  }

  return {
    copy: handler('copy'),
    move: handler('move'),

    async start(
      kind: TransferKind,
      principal: Principal,
      payload: TransferPayload,
    ): Promise<{ job_id: string }> {
      await check(kind, principal, payload.items);
      return { job_id: await enqueue(kind, principal, payload) };
    },
  };
}

export type TransferJobs = ReturnType<typeof createTransferJobs>;
