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
 * How long a write streamed by a process we cannot probe (another host or container) may go
 * without activity before it counts as abandoned. While bytes arrive, a write notes activity at
 * least once a minute (UPLOAD_ACTIVITY_RESOLUTION_MS); a connection silent for the HTTP idle
 * timeout is cut, which fails the write and removes its row. So a running process never leaves
 * a row idle for longer than the two together; this waits three idle timeouts beyond that, and at
 * least ten minutes.
 */
export const abandonedStreamMs = (httpIdleTimeoutMs: number) =>
  Math.max(10 * 60_000, UPLOAD_ACTIVITY_RESOLUTION_MS + 3 * httpIdleTimeoutMs);

/**
 * Writes through the file system that nobody finishes:
 *
 * - `sweepAbandoned` (at every start, and with the scheduled housekeeping): writes streamed by a
 *   process that is gone (a `kill -9`, a crash, the machine's power). The rule for "gone": the
 *   row's `owner_process` names a process of this host and pid namespace that no longer runs,
 *   or whose pid is ours under another start's nonce (`ProcessIdentity.stateOf`), so a restart
 *   sweeps what its predecessor left at once; a process elsewhere (another instance, another
 *   container) cannot be probed, and its writes count as gone once idle for
 *   `abandonedStreamMs`. Their multipart upload is aborted (a row knows its id from the
 *   moment the storage made it, and an id the crash kept from the row is found by the row's
 *   key), their bytes are released, and the local drivers' temp files that a process gone was
 *   writing are removed.
 * - `cleanUp` (scheduled): also writes a client drives (multipart through presigned parts),
 *   left idle as long as an unfinished share upload may stay (`STALE_UPLOAD_MS`). S3 keeps the
 *   parts of an upload never completed nor aborted, and bills them, forever.
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
      // Killed between the storage's CreateMultipartUpload and the row's update: the upload is
      // on the row's key, under an id that no write knows, begun after the row (a minute of
      // leeway for the storage's clock); an older one there is none of ours.
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
        // The epoch: only the files of writers that are gone; those of a writer elsewhere go
        // once idle for a day, with the file shares' housekeeping (files.housekeeping.ts).
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
