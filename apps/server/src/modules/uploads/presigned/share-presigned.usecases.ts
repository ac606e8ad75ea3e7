import type {
  commitRequestSchema,
  FileShare,
  PresignResponse,
  Principal,
  presignRequestSchema,
} from '@sharebin/shared';
import type { z } from 'zod';
import { type AppError, validationFailed } from '../../../app/errors';
import {
  fileNotFound,
  fileSlugTaken,
  notUploading,
  objectMissing,
  sizeMismatch,
} from '../../files/files.errors';
import type { FileSharesTable } from '../../shared/db.schema';
import { mimetypeFor } from '../../shared/media-types';
import { updateWithSlug } from '../../shares/slugs';
import type { FlowDeps } from '../share-target/reservations';
import { countShareUploaded } from '../share-target/share-upload-flow';

type PresignInput = z.output<typeof presignRequestSchema>;
type CommitInput = z.output<typeof commitRequestSchema>;

/**
 * What a presign without a size reserves. A declared 0 is held to it by the signed length, so
 * only an undeclared upload can store more; its commit takes the stored size, within the limits.
 */
const UNDECLARED_SIZE = 0;

/**
 * A commit naming the storage or the key of another upload than its `file_id`'s (a script that
 * mixed two presigns up) is refused before anything is touched.
 */
function refuseOtherUpload(row: FileSharesTable, input: CommitInput): void {
  const mismatches = [
    ['s3_config_id', input.s3_config_id, row.storage_config_id],
    ['storage_path', input.storage_path, row.storage_path],
  ].filter(([, given, own]) => given !== undefined && given !== own);
  if (mismatches.length === 0) return;
  throw validationFailed(
    mismatches.map(([field]) => ({
      location: 'body',
      path: field as string,
      message: `Not the ${field} of upload ${row.id}`,
    })),
    `${mismatches.map(([field]) => field).join(', ')}: not those of this upload`,
  );
}

/** Presign and commit: the client PUTs the bytes to the storage itself. */
export function createPresignedUpload(deps: FlowDeps) {
  const { repository, records, storage, drivers, clock, reservations } = deps;
  const { deleteObjects, discard, describeShare, requireOwned } = records;
  const { limitsFor, reserve, hold, releasedOnFailure, lateOptionChanges } = reservations;

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

    /**
     * Presigned flow, step 2: the share goes live only if the object is there, whole, with the
     * share options of the commit (see `commitRequestSchema`). A slug taken leaves the upload
     * waiting for a commit with another slug (or an abort); other refusals of the object end it.
     */
    async commit(principal: Principal, input: CommitInput): Promise<FileShare> {
      const row = await requireOwned(principal, input.file_id);
      if (row.status !== 'uploading') throw notUploading();
      refuseOtherUpload(row, input);
      const driver = await drivers.forConfig(row.storage_config_id);
      const stored = await driver.head(row.storage_path);
      if (!stored) {
        // A multipart reservation has an upload in the storage to abort as well.
        await discard(row);
        throw objectMissing();
      }
      // A size given at the commit must be the stored one, as a form's `size` field must.
      // Undeclared, the size is the stored object's, within the limits of now.
      let refused =
        input.size !== undefined && input.size !== stored.size
          ? sizeMismatch(input.size, stored.size)
          : row.size === UNDECLARED_SIZE
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
      const now = clock.now();
      const filename = input.filename ?? row.filename;
      const changes = {
        ...(await lateOptionChanges(input, now)),
        filename,
        mimetype: input.mimetype ? mimetypeFor(filename, input.mimetype) : row.mimetype,
        size: stored.size,
        etag: stored.etag,
        updated_at: now,
      };
      const wentLive = await updateWithSlug(
        () => repository.goLive(row.id, changes),
        fileSlugTaken,
      );
      if (!wentLive) {
        // The record was cleaned up between the check and now: its object must not linger.
        await deleteObjects([row]);
        throw fileNotFound();
      }
      countShareUploaded(deps.activity, stored.size);
      return describeShare({ ...row, ...changes, status: 'live' });
    },
  };
}
