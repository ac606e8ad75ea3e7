import type { ActivityLog } from '../../dashboard/activity.recorder';
import type { FileRecords } from '../../files/file-records';
import type { FilesRepository } from '../../files/files.repository';
import type { Clock } from '../../shared/clock';
import type { PasswordHasher } from '../../shared/crypto';
import type { StorageUseCases } from '../../storage/configs/storage.usecases';
import type { StorageDrivers } from '../../storage/storage.drivers';

export interface ShareUploadDeps {
  /** Hashes the passwords of new shares. */
  passwords: PasswordHasher;
  repository: FilesRepository;
  records: FileRecords;
  storage: StorageUseCases;
  drivers: Pick<StorageDrivers, 'forConfig'>;
  clock: Clock;
  maxUploadBytes: () => Promise<number>;
  /** Counts shares created, uploads and their bytes for the dashboard. */
  activity: ActivityLog;
}

/**
 * A share went live, whichever flow brought its bytes: one share created and one upload of
 * `size` bytes in (for presigned and multipart uploads the bytes went to the storage directly;
 * they still came in).
 */
export function countShareUploaded(activity: ActivityLog, size: number): void {
  activity.record('files_created');
  activity.record('uploads');
  activity.record('bytes_in', size);
}
