import { STALE_UPLOAD_MS } from '../../files/files.housekeeping';
import { UPLOAD_ACTIVITY_RESOLUTION_MS } from '../../files/files.repository';
import type { Clock } from '../../shared/clock';
import type { FsUploadsTable } from '../../shared/db.schema';
import { currentProcess, type ProcessIdentity } from '../../shared/process-identity';
import type { StorageDrivers } from '../../storage/storage.drivers';
import type { FsUploadsRepository } from './mount-uploads.repository';

/** HTTP_IDLE_TIMEOUT's default. */
const DEFAULT_HTTP_IDLE_TIMEOUT_MS = 60_000;

/**
 * For writers we cannot probe. A live process never leaves a row idle longer than
 * UPLOAD_ACTIVITY_RESOLUTION_MS plus the HTTP idle timeout; this adds 3 idle timeouts, >= 10 min.
 */
export const abandonedStreamMs = (httpIdleTimeoutMs: number) =>
  Math.max(10 * 60_000, UPLOAD_ACTIVITY_RESOLUTION_MS + 3 * httpIdleTimeoutMs);

/**
 * `sweepAbandoned` (every start): writes whose local owner process is gone
 * (`ProcessIdentity.stateOf`), so a restart sweeps its predecessor's at once; unprobeable owners
 * after `abandonedStreamMs`. `cleanUp` also takes client-driven multiparts idle past
 * `STALE_UPLOAD_MS`: S3 bills the parts of an upload never completed nor aborted, forever.
 */
export function createFsUploadsHousekeeping({
  uploads,
  drivers,
  configIds,
  clock,
  owners = currentProcess,
  httpIdleTimeoutMs = DEFAULT_HTTP_IDLE_TIMEOUT_MS,
}: {
  uploads: FsUploadsRepository;
  drivers: Pick<StorageDrivers, 'forConfig'>;
  /** Every storage config, for the temp files of the local ones. */
  configIds: () => Promise<string[]>;
  clock: Clock;
  owners?: Pick<ProcessIdentity, 'stateOf'>;
  httpIdleTimeoutMs?: number;
}) {
  /** Aborts the row's multipart upload in its storage, if it has one, and releases its bytes. */
  async function endAbandoned(row: FsUploadsTable, known: Set<string>): Promise<number> {
    const driver = await drivers.forConfig(row.storage_config_id);
    let aborted = 0;
    if (row.upload_id !== null) {
      await driver.abortMultipart(row.storage_key, row.upload_id);
      aborted++;
    } else if (row.owner_process !== null && driver.capabilities.networkListings) {
      // Killed between CreateMultipartUpload and the row's update: ours if begun after the row
      // (a minute's leeway for the storage's clock).
      for (const upload of await driver.listMultipartUploads(row.storage_key)) {
        const begunBefore =
          (upload.initiated?.getTime() ?? row.created_at) < row.created_at - 60_000;
        if (upload.key !== row.storage_key || known.has(upload.uploadId) || begunBefore) continue;
        await driver.abortMultipart(upload.key, upload.uploadId);
        aborted++;
      }
    }
    await uploads.remove(row.id);
    return aborted;
  }

  async function sweepAbandoned(): Promise<{
    aborted: number;
    released: number;
    temporaryFilesRemoved: number;
  }> {
    const idleSince = clock.now() - abandonedStreamMs(httpIdleTimeoutMs);
    let aborted = 0;
    let released = 0;
    const abandoned = (await uploads.findStreamed()).filter(
      (row) =>
        owners.stateOf(row.owner_process as string) === 'gone' || row.last_activity_at < idleSince,
    );
    const known = new Map<string, Set<string>>();
    for (const row of abandoned) {
      try {
        let ids = known.get(row.storage_config_id);
        if (!ids) {
          ids = new Set(await uploads.uploadIdsOf(row.storage_config_id));
          known.set(row.storage_config_id, ids);
        }
        aborted += await endAbandoned(row, ids);
        released++;
      } catch {
        // An unreachable storage is retried on the next run; the row keeps the upload known.
      }
    }
    let temporaryFilesRemoved = 0;
    for (const configId of await configIds()) {
      try {
        const driver = await drivers.forConfig(configId);
        // Epoch: only dead writers' files; others go after a day idle (files.housekeeping.ts).
        temporaryFilesRemoved += await driver.removeStaleTemporaryFiles(new Date(0));
      } catch {
        // Retried on the next run.
      }
    }
    return { aborted, released, temporaryFilesRemoved };
  }

  return {
    sweepAbandoned,

    async cleanUp(): Promise<{ aborted: number; released: number; temporaryFilesRemoved: number }> {
      const swept = await sweepAbandoned();
      let { aborted, released } = swept;
      for (const row of await uploads.findIdle(clock.now() - STALE_UPLOAD_MS)) {
        try {
          if (row.upload_id !== null) {
            const driver = await drivers.forConfig(row.storage_config_id);
            await driver.abortMultipart(row.storage_key, row.upload_id);
            aborted++;
          }
          await uploads.remove(row.id);
          released++;
        } catch {
          // An unreachable storage is retried on the next run; the row keeps the upload known.
        }
      }
      return { aborted, released, temporaryFilesRemoved: swept.temporaryFilesRemoved };
    },
  };
}
