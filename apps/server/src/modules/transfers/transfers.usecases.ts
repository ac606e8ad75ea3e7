import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  creatorTag,
  type FileShare,
  hasPathPermission,
  type MultipartInitResponse,
  type PresignResponse,
  type Principal,
  type presignRequestSchema,
  type StorageConfig,
  type shareOptionsSchema,
  type uploadFormSchema,
} from '@sharebin/shared';
import type { z } from 'zod';
import { validationFailed } from '../../app/errors';
import type { FileRecords } from '../files/file-records';
import {
  fileSlugTaken,
  fileTooLarge,
  notUploading,
  objectMissing,
  pathForbidden,
  sizeMismatch,
  storageInsufficient,
} from '../files/files.errors';
import { mimetypeFor, objectKey } from '../files/files.models';
import type { FilesRepository } from '../files/files.repository';
import { multipartLayout } from '../files/multipart-layout';
import type { Clock } from '../shared/clock';
import { hashPassword, newId } from '../shared/crypto';
import type { FileSharesTable } from '../shared/db.schema';
import { expiryFrom } from '../shares/share-state';
import { insertWithSlug, updateWithSlug } from '../shares/slugs';
import type { StorageDrivers } from '../storage/storage.drivers';
import { remainingBytes } from '../storage/storage.models';
import type { StorageUseCases } from '../storage/storage.usecases';

type ShareOptions = z.output<typeof shareOptionsSchema>;
type PresignInput = z.output<typeof presignRequestSchema>;
type UploadFields = z.output<typeof uploadFormSchema>;

/**
 * What a presign without a size reserves. A declared 0 is held to it by the signed length, so
 * only an undeclared upload can store more; its commit takes the stored size, within the limits.
 */
const UNDECLARED_SIZE = 0;

export interface TransfersDeps {
  repository: FilesRepository;
  records: FileRecords;
  storage: StorageUseCases;
  drivers: Pick<StorageDrivers, 'forConfig'>;
  clock: Clock;
  maxUploadBytes: () => Promise<number>;
}

/** Counts bytes as they pass and fails the stream as soon as there are too many. */
function byteLimit(limit: number, tooMany: () => Error) {
  let seen = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      callback(seen > limit ? tooMany() : null, chunk);
    },
  });
  return { counter, bytes: () => seen };
}

/**
 * The upload flows that bring bytes into a storage and make them a file share: the streamed form
 * upload, presign and commit, multipart, and (through the same calls) uploads from a URL.
 */
export function createTransfersUseCases(deps: TransfersDeps) {
  const { repository, records, storage, drivers, clock } = deps;
  const { deleteObjects, discard, describeShare, requireOwned } = records;

  /** Largest upload the settings and the storage's free space allow, and the error for more. */
  async function limitsFor(config: StorageConfig) {
    const maxUpload = await deps.maxUploadBytes();
    const remaining = remainingBytes(config);
    /** Why `size` bytes may not be uploaded, or undefined when they may. */
    const refusal = (size: number) => {
      if (size > maxUpload) return fileTooLarge(maxUpload);
      if (remaining !== null && size > remaining) {
        return storageInsufficient(size, remaining, config.total_capacity_bytes ?? 0);
      }
      return undefined;
    };
    return {
      limit: remaining === null ? maxUpload : Math.min(maxUpload, remaining),
      refusal,
      check(size: number) {
        const error = refusal(size);
        if (error) throw error;
      },
    };
  }

  /** A share record in `uploading` state, with its slug taken and its object key decided. */
  async function reserve(
    principal: Principal,
    config: StorageConfig,
    file: { filename: string; mimetype: string; size: number },
    options: ShareOptions,
  ): Promise<FileSharesTable> {
    const now = clock.now();
    const id = newId();
    const path = sharePath(principal, options.path);
    const base: Omit<FileSharesTable, 'slug'> = {
      id,
      filename: file.filename,
      mimetype: file.mimetype,
      size: file.size,
      storage_config_id: config.id,
      path,
      storage_path: objectKey(path, id, file.filename),
      etag: null,
      remark: options.remark,
      password_hash: options.password ? await hashPassword(options.password) : null,
      expires_at: expiryFrom(options.expires_in, now),
      max_views: options.max_views,
      views: 0,
      status: 'uploading',
      upload_id: null,
      created_by: creatorTag(principal),
      created_at: now,
      updated_at: now,
    };
    return insertWithSlug<FileSharesTable>({
      row: base,
      customSlug: options.slug || undefined,
      insert: repository.insert,
      taken: fileSlugTaken,
    });
  }

  /**
   * The folder a new share is filed under: the one asked for, else the key's base path; a key
   * may not file shares outside its base path (SPEC §5 path permission).
   */
  function sharePath(principal: Principal, asked: string | undefined): string {
    const path = asked ?? (principal.type === 'apikey' ? principal.basicPath : '/');
    if (!hasPathPermission(principal, path)) throw pathForbidden(path);
    return path;
  }

  /**
   * Moves a stored upload to the storage and folder its late form fields asked for (fields
   * after the file, as `curl -F file=@x -F path=/y` sends them). On failure the copy is removed;
   * the original stays for the caller to discard.
   */
  async function relocate(
    principal: Principal,
    row: FileSharesTable,
    fields: UploadFields,
  ): Promise<FileSharesTable> {
    const config = await storage.resolveForUpload(principal, fields.s3_config_id || undefined);
    const path = sharePath(principal, fields.path);
    if (config.id === row.storage_config_id && path === row.path) return row;
    const moved = {
      ...row,
      storage_config_id: config.id,
      path,
      storage_path: objectKey(path, row.id, row.filename),
    };
    const source = await drivers.forConfig(row.storage_config_id);
    const target = await drivers.forConfig(config.id);
    try {
      if (config.id === row.storage_config_id) {
        await source.copy(row.storage_path, moved.storage_path);
        moved.etag = (await source.head(moved.storage_path))?.etag ?? null;
      } else {
        (await limitsFor(config)).check(row.size);
        const object = await source.get(row.storage_path);
        const stored = await target.put(moved.storage_path, object.body, {
          contentType: row.mimetype,
          contentLength: object.info.size,
        });
        moved.etag = stored.etag;
      }
      await repository.update(row.id, {
        storage_config_id: moved.storage_config_id,
        path,
        storage_path: moved.storage_path,
        etag: moved.etag,
      });
    } catch (error) {
      await deleteObjects([{ ...moved, upload_id: null }]);
      throw error;
    }
    await deleteObjects([row]);
    return moved;
  }

  /** Runs the storage side of a new reservation; a failure there drops the reservation. */
  async function releasedOnFailure<T>(row: FileSharesTable, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      await repository.deleteMany([row.id]);
      throw error;
    }
  }

  async function requireMultipart(principal: Principal, id: string) {
    const row = await requireOwned(principal, id);
    if (row.status !== 'uploading' || !row.upload_id) throw notUploading();
    return { row, uploadId: row.upload_id };
  }

  return {
    /**
     * POST /upload, before its body is read: a form whose length alone is over the upload limit
     * (`fileBytesAtMost`: its length less the most its fields can take) is refused.
     */
    async checkUploadLength(fileBytesAtMost: number): Promise<void> {
      if (!Number.isFinite(fileBytesAtMost)) return;
      const maxUpload = await deps.maxUploadBytes();
      if (fileBytesAtMost > maxUpload) throw fileTooLarge(maxUpload);
    },

    /**
     * POST /upload: the file streams to the storage as it arrives, within every limit, placed by
     * the fields that came before it. The share goes live only once the whole form has been
     * read and its fields (those after the file too) are valid; any failure on the way,
     * the client going away included, leaves neither a record nor an object.
     */
    async uploadStream(
      principal: Principal,
      input: {
        filename: string;
        /** The type the file part declared. */
        mimetype: string | undefined;
        fieldsBefore: UploadFields;
        /** Every field, validated, once the form has been read whole; rejects if it fails. */
        allFields: () => Promise<UploadFields>;
        body: Readable;
      },
    ): Promise<FileShare> {
      const early = input.fieldsBefore;
      const config = await storage.resolveForUpload(principal, early.s3_config_id || undefined);
      const limits = await limitsFor(config);
      if (early.size !== undefined) limits.check(early.size);
      let row = await reserve(
        principal,
        config,
        {
          filename: input.filename,
          mimetype: mimetypeFor(input.filename, early.mimetype || input.mimetype),
          size: 0,
        },
        early,
      );
      const { counter, bytes } = byteLimit(
        limits.limit,
        () => limits.refusal(bytes()) ?? fileTooLarge(limits.limit),
      );
      try {
        const driver = await drivers.forConfig(config.id);
        const stored = driver.put(row.storage_path, counter, {
          contentType: row.mimetype,
          ...(early.size === undefined ? {} : { contentLength: early.size }),
        });
        const transfer = [pipeline(input.body, counter), stored];
        try {
          await Promise.all(transfer);
        } catch (error) {
          // Both sides let go of their files and sockets before the record goes.
          await Promise.allSettled(transfer);
          throw error;
        }
        row = { ...row, size: bytes(), etag: (await stored).etag };
        const fields = await input.allFields();
        if (fields.size !== undefined && fields.size !== row.size) {
          throw sizeMismatch(fields.size, row.size);
        }
        row = await relocate(principal, row, fields);
        const now = clock.now();
        const live = {
          ...row,
          slug: fields.slug || row.slug,
          mimetype: mimetypeFor(input.filename, fields.mimetype || input.mimetype),
          remark: fields.remark,
          password_hash:
            fields.password === early.password
              ? row.password_hash
              : fields.password
                ? await hashPassword(fields.password)
                : null,
          expires_at: expiryFrom(fields.expires_in, now),
          max_views: fields.max_views,
          status: 'live' as const,
          updated_at: now,
        };
        const { id: _id, created_by: _by, created_at: _at, ...changes } = live;
        await updateWithSlug(() => repository.update(row.id, changes), fileSlugTaken);
        return describeShare(live);
      } catch (error) {
        input.body.resume();
        await discard(row);
        throw error;
      }
    },

    /** Presigned flow, step 1: a record in `uploading` state and a URL to PUT the bytes to. */
    async presign(
      principal: Principal,
      input: Omit<PresignInput, 'size'> & { size?: number | undefined },
    ): Promise<PresignResponse> {
      const config = await storage.resolveForUpload(principal, input.s3_config_id);
      (await limitsFor(config)).check(input.size ?? 0);
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
      const refused =
        row.size === UNDECLARED_SIZE
          ? (await limitsFor(await storage.get(row.storage_config_id))).refusal(stored.size)
          : stored.size !== row.size && sizeMismatch(row.size, stored.size);
      if (refused) {
        await discard(row);
        throw refused;
      }
      await repository.update(row.id, {
        size: stored.size,
        etag: stored.etag,
        status: 'live',
        updated_at: clock.now(),
      });
      return describeShare({ ...row, size: stored.size, etag: stored.etag, status: 'live' });
    },

    /** Multipart flow, step 1: reserve the share and start the upload in the storage. */
    async multipartInit(principal: Principal, input: PresignInput): Promise<MultipartInitResponse> {
      const config = await storage.resolveForUpload(principal, input.s3_config_id);
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
        await repository.update(row.id, { upload_id: started.uploadId });
        return started.uploadId;
      });
      const layout = multipartLayout(input.size);
      return {
        file_id: row.id,
        upload_id: uploadId,
        slug: row.slug,
        storage_path: row.storage_path,
        part_size: layout.partSize,
        part_count: layout.partCount,
      };
    },

    /**
     * Multipart flow, step 2: presigned URLs for some parts (asked for in batches), each signed
     * for the length the declared size gives it, so that no part can hold more.
     */
    async multipartParts(principal: Principal, input: { file_id: string; part_numbers: number[] }) {
      const { row, uploadId } = await requireMultipart(principal, input.file_id);
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
      try {
        // Checked before joining: a storage that does not enforce signed lengths (or a part sent
        // through another path) must not turn oversized parts into a live share.
        const stored = await driver.listParts(row.storage_path, uploadId);
        const { whole, total } = multipartLayout(row.size).check(
          parts,
          new Map(stored.map((part) => [part.partNumber, part.size])),
        );
        if (!whole) throw sizeMismatch(row.size, total);
        await driver.completeMultipart(row.storage_path, uploadId, parts);
      } catch (error) {
        await discard(row);
        throw error;
      }
      const stored = await driver.head(row.storage_path);
      if (!stored || stored.size !== row.size) {
        await discard({ ...row, upload_id: null });
        throw stored ? sizeMismatch(row.size, stored.size) : objectMissing();
      }
      await repository.update(row.id, {
        etag: stored.etag,
        status: 'live',
        upload_id: null,
        updated_at: clock.now(),
      });
      return describeShare({ ...row, etag: stored.etag, status: 'live', upload_id: null });
    },

    /** Cancels an upload in progress (any flow): aborts it in the storage and drops the record. */
    async abortUpload(principal: Principal, input: { file_id: string }): Promise<void> {
      const row = await requireOwned(principal, input.file_id);
      if (row.status !== 'uploading') throw notUploading();
      await discard(row);
    },
  };
}

export type TransfersUseCases = ReturnType<typeof createTransfersUseCases>;
