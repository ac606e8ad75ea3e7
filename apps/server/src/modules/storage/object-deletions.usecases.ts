import { ERROR_CODES } from '@sharebin/shared';
import { AppError } from '../../app/errors';
import type { Clock } from '../shared/clock';
import { newId } from '../shared/crypto';
import { ObjectNotFoundError } from './drivers/storage-driver.errors';
import type { PendingDeletionsRepository } from './pending-deletions.repository';
import type { StorageDrivers } from './storage.drivers';

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
 * Deletes objects of removed shares. A storage that refuses (down, timing out) does not keep the
 * share alive, and its object is not forgotten either: it waits in `pending_deletions` for the
 * housekeeping job, which retries with a growing delay until the storage has deleted it.
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

  return {
    /** Deletes now what the storages allow; queues the rest. Answers how many were queued. */
    async deleteOrQueue(objects: ObjectToDelete[]): Promise<{ queued: number }> {
      const refused: { object: ObjectToDelete; error: unknown }[] = [];
      await Promise.all(
        objects.map((object) =>
          deleteNow(object).catch((error) => refused.push({ object, error })),
        ),
      );
      const now = clock.now();
      await repository.insert(
        refused.map(({ object, error }) => ({
          id: newId(),
          storage_config_id: object.configId,
          storage_path: object.key,
          upload_id: object.uploadId,
          attempts: 1,
          next_attempt_at: now + retryDelayMs(1),
          last_error: describeFailure(error),
          created_at: now,
        })),
      );
      return { queued: refused.length };
    },

    /** One housekeeping pass over the due entries: done ones leave the queue, others wait longer. */
    async retryDue(): Promise<{ deleted: number; failed: number }> {
      const now = clock.now();
      const due = await repository.due(now, RETRY_BATCH);
      let deleted = 0;
      await Promise.all(
        due.map(async (entry) => {
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
            return;
          }
          await repository.delete(entry.id);
          deleted++;
        }),
      );
      return { deleted, failed: due.length - deleted };
    },
  };
}

export type ObjectDeletions = ReturnType<typeof createObjectDeletions>;
