import type { FileShare, PresignResponse, Principal, presignRequestSchema } from '@sharebin/shared';
import type { z } from 'zod';
import type { AppError } from '../../app/errors';
import { fileNotFound, notUploading, objectMissing, sizeMismatch } from '../files/files.errors';
import { mimetypeFor } from '../files/files.models';
import { countShareUploaded, type FlowDeps } from './transfers.usecases';

type PresignInput = z.output<typeof presignRequestSchema>;

/**
 * What a presign without a size reserves. A declared 0 is held to it by the signed length, so
 * only an undeclared upload can store more; its commit takes the stored size, within the limits.
 */
const UNDECLARED_SIZE = 0;

/** Presign and commit: the client PUTs the bytes to the storage itself. */
export function createPresignedUpload(deps: FlowDeps) {
  const { repository, records, storage, drivers, clock, reservations } = deps;
  const { deleteObjects, discard, describeShare, requireOwned } = records;
  const { limitsFor, reserve, hold, releasedOnFailure } = reservations;

  return {
    /** Presigned flow, step 1: a record in `uploading` state and a URL to PUT the bytes to. */
    async presign(
      principal: Principal,
      input: Omit<PresignInput, 'size'> & { size?: number | undefined },
    ): Promise<PresignResponse> {
      const config = await storage.resolveForUpload(principal, input.s3_config_id);
      const limits = await limitsFor(config);
      limits.check(input.size ?? 0);
      const mimetype = mimetypeFor(input.filename, input.mimetype);
      const row = await reserve(
        principal,
        config,
        { filename: input.filename, mimetype, size: input.size ?? UNDECLARED_SIZE },
        input,
      );
      const upload = await releasedOnFailure(row, async () =>
        (await drivers.forConfig(config.id)).presignPut(row.storage_path, {
          contentType: mimetype,
          contentLength: input.size,
          // Undeclared, the upload is still held to what the limits allow (where the storage
          // can bind it: local storage does; on S3 the commit checks the stored size).
          ...(input.size === undefined ? { maxLength: limits.limit } : {}),
          expiresInSeconds: config.url_expiry_seconds,
        }),
      );
      return {
        file_id: row.id,
        upload_url: upload.url,
        upload_headers: upload.headers,
        storage_path: row.storage_path,
        s3_url: upload.url.split('?')[0] ?? upload.url,
        slug: row.slug,
        provider_type: config.provider ?? config.storage_type,
        contentType: mimetype,
      };
    },

    /** Presigned flow, step 2: the share goes live only if the object is there, whole. */
    async commit(principal: Principal, input: { file_id: string }): Promise<FileShare> {
      const row = await requireOwned(principal, input.file_id);
      if (row.status !== 'uploading') throw notUploading();
      const driver = await drivers.forConfig(row.storage_config_id);
      const stored = await driver.head(row.storage_path);
      if (!stored) {
        // A multipart reservation has an upload in the storage to abort as well.
        await discard(row);
        throw objectMissing();
      }
      // Undeclared, the size is the stored object's, within the limits of now.
      let refused =
        row.size === UNDECLARED_SIZE
          ? (await limitsFor(await storage.get(row.storage_config_id))).refusal(stored.size)
          : stored.size !== row.size && sizeMismatch(row.size, stored.size);
      if (!refused && row.size === UNDECLARED_SIZE) {
        // Held against parallel commits: the free space above was read a moment ago.
        refused = await hold(row, stored.size).then(
          () => undefined,
          (error: AppError) => error,
        );
      }
      if (refused) {
        await discard(row);
        throw refused;
      }
      const wentLive = await repository.goLive(row.id, {
        size: stored.size,
        etag: stored.etag,
        updated_at: clock.now(),
      });
      if (!wentLive) {
        // The record was cleaned up between the check and now: its object must not linger.
        await deleteObjects([row]);
        throw fileNotFound();
      }
      countShareUploaded(deps.activity, stored.size);
      return describeShare({ ...row, size: stored.size, etag: stored.etag, status: 'live' });
    },
  };
}
