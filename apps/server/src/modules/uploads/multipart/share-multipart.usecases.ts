import {
  creatorTag,
  type FileShare,
  type MultipartInitResponse,
  type multipartInitRequestSchema,
  type Principal,
  type StorageConfig,
} from '@sharebin/shared';
import type { z } from 'zod';
import { validationFailed } from '../../../app/errors';
import {
  fileNotFound,
  fileSlugTaken,
  fileTooLarge,
  notUploading,
  objectMissing,
  sizeMismatch,
} from '../../files/files.errors';
import type { FileSharesTable } from '../../shared/db.schema';
import { mimetypeFor } from '../../shared/media-types';
import { updateWithSlug } from '../../shares/slugs';
import { MultipartError } from '../../storage/drivers/storage-driver.errors';
import type { FlowDeps } from '../share-target/reservations';
import { countShareUploaded } from '../share-target/share-upload-flow';
import { multipartLayout } from './multipart-layout';
import { storedParts } from './resumable-uploads';

type InitInput = z.output<typeof multipartInitRequestSchema>;

function describeInit(
  row: Pick<FileSharesTable, 'id' | 'slug' | 'storage_path' | 'size'>,
  uploadId: string,
  uploaded: MultipartInitResponse['uploaded_parts'],
): MultipartInitResponse {
  const layout = multipartLayout(row.size);
  return {
    file_id: row.id,
    upload_id: uploadId,
    slug: row.slug,
    storage_path: row.storage_path,
    part_size: layout.partSize,
    part_count: layout.partCount,
    uploaded_parts: uploaded,
  };
}

/** Multipart uploads: the client sends parts to presigned URLs, the server joins them. */
export function createMultipartUpload(deps: FlowDeps) {
  const { repository, records, storage, drivers, clock, reservations } = deps;
  const { deleteObjects, discard, describeShare, requireOwned } = records;
  const { limitsFor, reserve, releasedOnFailure, lateOptionChanges, sharePath } = reservations;

  async function requireMultipart(principal: Principal, id: string) {
    const row = await requireOwned(principal, id);
    if (row.status !== 'uploading' || !row.upload_id) throw notUploading();
    return { row, uploadId: row.upload_id };
  }

  /**
   * The caller's share still uploading this very file (same fingerprint, name, size, storage and
   * path), with the parts stored so far: it takes the share options of this call, as a fresh
   * init would (no password: none). A share whose upload the storage lost is discarded.
   */
  async function resumable(principal: Principal, config: StorageConfig, input: InitInput) {
    if (!input.fingerprint) return null;
    const row = await repository.findResumable({
      created_by: creatorTag(principal),
      storage_config_id: config.id,
      path: sharePath(principal, input.path),
      filename: input.filename,
      size: input.size,
      upload_fingerprint: input.fingerprint,
    });
    if (!row?.upload_id) return null;
    // The limit may have been lowered since the upload began: refused as a fresh init of this
    // size is (only the limit: the space left already counts the bytes the share holds). The
    // held upload is left as it was, not aborted: a refused call changes nothing, the admin may
    // raise the limit again (the visitor's parts are then still there), and an upload nobody
    // comes back to is aborted by the stale-upload clean-up anyway.
    const maxUpload = await deps.maxUploadBytes();
    if (row.size > maxUpload) throw fileTooLarge(maxUpload);
    const driver = await drivers.forConfig(config.id);
    const parts = await storedParts(driver, row.storage_path, row.upload_id, row.size);
    if (parts === null) {
      await discard(row);
      return null;
    }
    const now = clock.now();
    const changes: Partial<FileSharesTable> = {
      // Every option is the new call's: a password left out is none (`''`), not the earlier one.
      ...(await lateOptionChanges({ ...input, password: input.password ?? '' }, now)),
      last_activity_at: now,
      updated_at: now,
    };
    await updateWithSlug(() => repository.update(row.id, changes), fileSlugTaken);
    return { row: { ...row, ...changes }, uploadId: row.upload_id, parts };
  }

  return {
    /**
     * Multipart flow, step 1: reserve the share and start the upload in the storage, or resume
     * the caller's upload of the same file (`fingerprint`) from the parts it has stored.
     */
    async multipartInit(principal: Principal, input: InitInput): Promise<MultipartInitResponse> {
      const config = await storage.resolveForUpload(principal, input.s3_config_id);
      // A resumed share already holds its bytes: checked against the space left, it would count twice.
      const resumed = await resumable(principal, config, input);
      if (resumed) return describeInit(resumed.row, resumed.uploadId, resumed.parts);
      (await limitsFor(config)).check(input.size);
      const mimetype = mimetypeFor(input.filename, input.mimetype);
      const row = await reserve(
        principal,
        config,
        { filename: input.filename, mimetype, size: input.size },
        input,
      );
      const uploadId = await releasedOnFailure(row, async () => {
        const driver = await drivers.forConfig(config.id);
        const started = await driver.createMultipart(row.storage_path, { contentType: mimetype });
        await repository.update(row.id, {
          upload_id: started.uploadId,
          upload_fingerprint: input.fingerprint ?? null,
        });
        return started.uploadId;
      });
      return describeInit(row, uploadId, []);
    },

    /**
     * Multipart flow, step 2: presigned URLs for some parts (asked for in batches), each signed
     * for the length the declared size gives it, so that no part can hold more.
     */
    async multipartParts(principal: Principal, input: { file_id: string; part_numbers: number[] }) {
      const { row, uploadId } = await requireMultipart(principal, input.file_id);
      // Part URLs are asked for in batches as the parts go: the upload is alive.
      await repository.noteUploadActivity(row, clock.now());
      const layout = multipartLayout(row.size);
      const beyond = input.part_numbers.filter((partNumber) => partNumber > layout.partCount);
      if (beyond.length > 0) {
        throw validationFailed(
          { part_numbers: beyond, part_count: layout.partCount },
          `This upload has ${layout.partCount} part(s)`,
        );
      }
      const { urlExpirySeconds } = await storage.deliveryOf(row.storage_config_id);
      const driver = await drivers.forConfig(row.storage_config_id);
      const parts = await Promise.all(
        input.part_numbers.map(async (partNumber) => ({
          partNumber,
          url: await driver.presignPart(
            row.storage_path,
            uploadId,
            partNumber,
            urlExpirySeconds,
            layout.lengthOf(partNumber),
          ),
        })),
      );
      return { parts };
    },

    /** Multipart flow, step 3: join the parts; the share goes live if the object is whole. */
    async multipartComplete(
      principal: Principal,
      input: { file_id: string; parts: { partNumber: number; etag: string }[] },
    ): Promise<FileShare> {
      const { row, uploadId } = await requireMultipart(principal, input.file_id);
      const driver = await drivers.forConfig(row.storage_config_id);
      const parts = input.parts.map((part) => ({
        partNumber: part.partNumber,
        etag: part.etag.replace(/"/g, ''),
      }));
      // Checked before joining: a storage that does not enforce signed lengths (or a part sent
      // through another path) must not turn oversized parts into a live share.
      const listed = await driver.listParts(row.storage_path, uploadId);
      const { whole, total } = multipartLayout(row.size).check(
        parts,
        new Map(listed.map((part) => [part.partNumber, part.size])),
      );
      if (!whole) {
        await discard(row);
        throw sizeMismatch(row.size, total);
      }
      try {
        await driver.completeMultipart(row.storage_path, uploadId, parts);
      } catch (error) {
        // Parts the storage refused (a wrong ETag, a missing part) end the upload. A storage
        // that fails or times out leaves it as it was: the client may complete it again, and
        // the stale-upload clean-up aborts it if nobody does.
        if (error instanceof MultipartError) await discard(row);
        throw error;
      }
      const stored = await driver.head(row.storage_path);
      if (!stored || stored.size !== row.size) {
        await discard({ ...row, upload_id: null });
        throw stored ? sizeMismatch(row.size, stored.size) : objectMissing();
      }
      const wentLive = await repository.goLive(row.id, {
        etag: stored.etag,
        upload_id: null,
        updated_at: clock.now(),
      });
      if (!wentLive) {
        await deleteObjects([{ ...row, upload_id: null }]);
        throw fileNotFound();
      }
      countShareUploaded(deps.activity, row.size);
      return describeShare({ ...row, etag: stored.etag, status: 'live', upload_id: null });
    },
  };
}
