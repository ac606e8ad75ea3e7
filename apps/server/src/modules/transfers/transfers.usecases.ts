import type { Principal } from '@sharebin/shared';
import type { ActivityLog } from '../dashboard/activity.recorder';
import type { FileRecords } from '../files/file-records';
import { notUploading } from '../files/files.errors';
import type { FilesRepository } from '../files/files.repository';
import type { Clock } from '../shared/clock';
import type { StorageDrivers } from '../storage/storage.drivers';
import type { StorageUseCases } from '../storage/storage.usecases';
import { createFormUpload } from './form-upload.usecases';
import { createMultipartUpload } from './multipart.usecases';
import { createPresignedUpload } from './presigned.usecases';
import { createReservations, type Reservations } from './reservations';

export interface TransfersDeps {
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

/** What an upload flow needs: the transfers' dependencies and the shared reservation steps. */
export type FlowDeps = TransfersDeps & { reservations: Reservations };

/**
 * The upload flows that bring bytes into a storage and make them a file share: the streamed form
 * upload, presign and commit, multipart, and (through the same calls) uploads from a URL.
 */
export function createTransfersUseCases(deps: TransfersDeps) {
  const flowDeps = { ...deps, reservations: createReservations(deps) };
  const { records } = deps;
  return {
    ...createFormUpload(flowDeps),
    ...createPresignedUpload(flowDeps),
    ...createMultipartUpload(flowDeps),

    /** Cancels an upload in progress (any flow): aborts it in the storage and drops the record. */
    async abortUpload(principal: Principal, input: { file_id: string }): Promise<void> {
      const row = await records.requireOwned(principal, input.file_id);
      if (row.status !== 'uploading') throw notUploading();
      await records.discard(row);
    },
  };
}

export type TransfersUseCases = ReturnType<typeof createTransfersUseCases>;
