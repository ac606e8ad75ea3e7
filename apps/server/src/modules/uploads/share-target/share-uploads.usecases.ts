import type { Principal } from '@sharebin/shared';
import { notUploading } from '../../files/files.errors';
import { createFormUpload } from '../form/share-form.usecases';
import { createMultipartUpload } from '../multipart/share-multipart.usecases';
import { createPresignedUpload } from '../presigned/share-presigned.usecases';
import { createReservations } from './reservations';
import type { ShareUploadDeps } from './share-upload-flow';

/**
 * The upload flows that bring bytes into a storage and make them a file share: the streamed form
 * upload, presign and commit, multipart, and (through the same calls) uploads from a URL.
 */
export function createShareUploads(deps: ShareUploadDeps) {
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

export type ShareUploads = ReturnType<typeof createShareUploads>;
