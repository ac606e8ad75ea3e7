import { STALE_UPLOAD_MS } from '../files/files.housekeeping';
import type { Clock } from '../shared/clock';
import type { StorageDrivers } from '../storage/storage.drivers';
import type { FsUploadsRepository } from './fs-uploads.repository';

/**
 * Writes through the file system left idle as long as an unfinished share upload may stay
 * (`STALE_UPLOAD_MS`): a multipart upload never completed nor aborted is aborted in its storage
 * (S3 keeps its parts, and bills them, forever; the local driver keeps its part files), and what
 * any such write held of its storage's capacity is released.
 */
export function createFsUploadsHousekeeping({
  uploads,
  drivers,
  clock,
}: {
  uploads: FsUploadsRepository;
  drivers: Pick<StorageDrivers, 'forConfig'>;
  clock: Clock;
}) {
  return {
    async cleanUp(): Promise<{ aborted: number; released: number }> {
      let aborted = 0;
      let released = 0;
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
      return { aborted, released };
    },
  };
}
