import { ERROR_CODES } from '@sharebin/shared';
import { AppError } from '../../../app/errors';
import type { Clock } from '../../shared/clock';
import { newId } from '../../shared/crypto';
import type { PendingDeletionsTable } from '../../shared/db.schema';
import { ObjectNotFoundError } from '../drivers/storage-driver.errors';
import type { StorageDrivers } from '../storage.drivers';
import type { PendingDeletionsRepository } from './pending-deletions.repository';

export interface ObjectToDelete {
  configId: string;
  key: string;
  /** A multipart upload still open for the key, aborted first. */
  uploadId: string | null;
}

const RETRY_BATCH = 100;
const FIRST_RETRY_MS = 60_000;
const LONGEST_RETRY_MS = 6 * 3_600_000;

/** Waits 1, 2, 4… minutes between attempts, at most 6 hours. */
export const retryDelayMs = (attempts: number) =>
  Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));

/** Nothing left to delete: the object is already gone, or its storage was removed. */
const nothingLeft = (error: unknown) =>
  error instanceof ObjectNotFoundError ||
  (error instanceof AppError && error.code === ERROR_CODES.storageConfigNotFound);

const describeFailure = (error: unknown) =>
  (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 500);

/**
 * Deletes objects of removed shares. Every object is queued in `pending_deletions` first (in the
 * transaction that removes its share, for shares: see `queueEntries`), then deleted at once; a
 * storage that refuses (down, timing out) does not keep the share alive, and its object is not
 * forgotten either, nor when the process dies before the attempt: the housekeeping job retries
 * the entries left with a growing delay until the storage has deleted them.
 */
export function createObjectDeletions({
  drivers,
  repository,
  clock,
}: {
  drivers: Pick<StorageDrivers, 'forConfig'>;
  repository: PendingDeletionsRepository;
  clock: Clock;
}) {
  async function deleteNow({ configId, key, uploadId }: ObjectToDelete) {
    try {
      const driver = await drivers.forConfig(configId);
      if (uploadId) await driver.abortMultipart(key, uploadId);
      await driver.delete(key);
    } catch (error) {
      if (!nothingLeft(error)) throw error;
    }
  }

  /** One attempt at a queued deletion: done, it leaves the queue; refused, it waits longer. */
  async function attempt(entry: PendingDeletionsTable, now: number): Promise<boolean> {
    try {
      await deleteNow({
        configId: entry.storage_config_id,
        key: entry.storage_path,
        uploadId: entry.upload_id,
      });
    } catch (error) {
      await repository.reschedule(entry.id, {
        attempts: entry.attempts + 1,
        next_attempt_at: now + retryDelayMs(entry.attempts + 1),
        last_error: describeFailure(error),
      });
      return false;
    }
    await repository.delete(entry.id);
    return true;
  }

  /** Attempts queued entries now; answers how many the storages refused (they stay queued). */
  async function deleteQueued(entries: PendingDeletionsTable[]): Promise<{ queued: number }> {
    const now = clock.now();
    const done = await Promise.all(entries.map((entry) => attempt(entry, now)));
    return { queued: done.filter((ok) => !ok).length };
  }

  /**
   * Queue entries for objects, not yet attempted: due after the first retry delay, so that the
   * housekeeping job leaves them to the attempt that follows their queueing.
   */
  function queueEntries(objects: ObjectToDelete[]): PendingDeletionsTable[] {
    const now = clock.now();
    return objects.map((object) => ({
      id: newId(),
      storage_config_id: object.configId,
      storage_path: object.key,
      upload_id: object.uploadId,
      attempts: 0,
      next_attempt_at: now + retryDelayMs(1),
      last_error: null,
      created_at: now,
    }));
  }

  return {
    queueEntries,
    deleteQueued,

    /** Objects with no share record to remove along (a copy, a late upload): queued, then deleted. */
    async deleteOrQueue(objects: ObjectToDelete[]): Promise<{ queued: number }> {
      const entries = queueEntries(objects);
      await repository.insert(entries);
      return deleteQueued(entries);
    },

    /** One housekeeping pass over the due entries. */
    async retryDue(): Promise<{ deleted: number; failed: number }> {
      const now = clock.now();
      const due = await repository.due(now, RETRY_BATCH);
      const deleted = (await Promise.all(due.map((entry) => attempt(entry, now)))).filter(
        Boolean,
      ).length;
      return { deleted, failed: due.length - deleted };
    },
  };
}

export type ObjectDeletions = ReturnType<typeof createObjectDeletions>;
