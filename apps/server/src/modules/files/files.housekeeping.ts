import type { Clock } from '../shared/clock';
import { currentProcess, type ProcessIdentity } from '../shared/process-identity';
import type { StorageUseCases } from '../storage/configs/storage.usecases';
import type { StorageDrivers } from '../storage/storage.drivers';
import type { FileRecords } from './file-records';
import { isShareObjectKey } from './files.models';
import type { FilesRepository } from './files.repository';

/** Uploads never committed are removed after this long. */
export const STALE_UPLOAD_MS = 24 * 3_600_000;

/** The periodic clean-up of file shares and of what unfinished uploads leave in the storages. */
export function createFilesHousekeeping({
  repository,
  records,
  storage,
  drivers,
  clock,
  owners = currentProcess,
}: {
  repository: FilesRepository;
  records: FileRecords;
  storage: Pick<StorageUseCases, 'configIds'>;
  drivers: Pick<StorageDrivers, 'forConfig'>;
  clock: Clock;
  owners?: Pick<ProcessIdentity, 'stateOf'>;
}) {
  /**
   * Share uploads streamed by a process that is gone (a `kill -9` mid-upload, see
   * fs-uploads.housekeeping.ts for the rule): record and held bytes removed, the multipart
   * upload the row knows aborted, at once rather than after STALE_UPLOAD_MS. Uploads of a
   * process that cannot be probed (another instance) are left to that staleness.
   */
  async function sweepAbandoned(): Promise<number> {
    const gone = (await repository.findStreamedUploads()).filter(
      (row) => owners.stateOf(row.owner_process as string) === 'gone',
    );
    return (await records.removeShares(gone)).length;
  }

  return {
    sweepAbandoned,

    async cleanUp() {
      const abandoned = await sweepAbandoned();
      const staleBefore = clock.now() - STALE_UPLOAD_MS;
      const rows = await repository.findFinished(clock.now(), staleBefore);
      const removed = await records.removeShares(rows);
      await records.settleDeleted(removed);
      const deleted = removed.length;
      const known = new Set(await repository.uploadIdsInProgress());
      let orphansAborted = 0;
      let temporaryFilesRemoved = 0;
      for (const configId of await storage.configIds()) {
        try {
          const driver = await drivers.forConfig(configId);
          // Idle for as long as an upload may stay uncommitted: no live upload writes that slowly.
          temporaryFilesRemoved += await driver.removeStaleTemporaryFiles(new Date(staleBefore));
          for (const upload of await driver.listMultipartUploads()) {
            if (
              known.has(upload.uploadId) ||
              !isShareObjectKey(upload.key) ||
              (upload.initiated && upload.initiated.getTime() > staleBefore)
            )
              continue;
            await driver.abortMultipart(upload.key, upload.uploadId);
            orphansAborted++;
          }
        } catch {
          // An unreachable storage is retried on the next run.
        }
      }
      return { deleted: deleted + abandoned, orphansAborted, temporaryFilesRemoved };
    },
  };
}

export type FilesHousekeeping = ReturnType<typeof createFilesHousekeeping>;
