import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  creatorTag,
  type FileContentLinks,
  type FileList,
  type FileShare,
  hasPathPermission,
  isCreator,
  type MultipartInitResponse,
  normalizeMediaType,
  type PresignResponse,
  type Principal,
  type PublicFile,
  type presignRequestSchema,
  type StorageConfig,
  servedMediaType,
  type shareOptionsSchema,
  type updateFileShareRequestSchema,
  type uploadFormSchema,
} from '@sharebin/shared';
import type { z } from 'zod';
import { validationFailed } from '../../app/errors';
import type { AccessTokens } from '../shared/access-token';
import type { Clock } from '../shared/clock';
import { hashPassword, newId, randomBase62 } from '../shared/crypto';
import { isUniqueViolation } from '../shared/db';
import type { FileSharesTable } from '../shared/db.schema';
import { ownerTags } from '../shared/ownership';
import type { SharePasswordGuard } from '../shares/share-password';
import { expiryFrom, remainingViews, shareAccessChanges, shareState } from '../shares/share-state';
import type { ShareTombstones } from '../shares/share-tombstones';
import { invalidAccessToken } from '../shares/shares.errors';
import type { GetResult, StorageDriver } from '../storage/drivers/storage-driver';
import type { ObjectDeletions } from '../storage/object-deletions.usecases';
import { remainingBytes } from '../storage/storage.models';
import type { StorageUseCases } from '../storage/storage.usecases';
import {
  fileAlreadyLive,
  fileExpired,
  fileNotFound,
  filePasswordRequired,
  fileSlugTaken,
  fileTooLarge,
  fileViewsExhausted,
  fileWrongPassword,
  notUploading,
  objectMissing,
  pathForbidden,
  sizeMismatch,
  storageInsufficient,
} from './files.errors';
import {
  accessScope,
  isShareObjectKey,
  mimetypeFor,
  objectKey,
  servedDirectly,
  toFileShare,
} from './files.models';
import type { FilesRepository } from './files.repository';
import { multipartLayout } from './multipart-layout';

type ShareOptions = z.output<typeof shareOptionsSchema>;
type PresignInput = z.output<typeof presignRequestSchema>;
type UpdateInput = z.output<typeof updateFileShareRequestSchema>;
type UploadFields = z.output<typeof uploadFormSchema>;

const GENERATED_SLUG_LENGTH = 6;
const SLUG_ATTEMPTS = 5;
/**
 * What a presign without a size reserves. A declared 0 is held to it by the signed length, so
 * only an undeclared upload can store more; its commit takes the stored size, within the limits.
 */
const UNDECLARED_SIZE = 0;
/** Uploads never committed are removed after this long. */
export const STALE_UPLOAD_MS = 24 * 3_600_000;

export interface StorageDrivers {
  forConfig(configId: string): Promise<StorageDriver>;
}

export interface FilesDeps {
  repository: FilesRepository;
  storage: StorageUseCases;
  drivers: StorageDrivers;
  passwordGuard: SharePasswordGuard;
  accessTokens: AccessTokens;
  tombstones: ShareTombstones;
  clock: Clock;
  maxUploadBytes: () => Promise<number>;
  objectDeletions: Pick<ObjectDeletions, 'deleteOrQueue'>;
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

export function createFilesUseCases(deps: FilesDeps) {
  const { repository, storage, drivers, passwordGuard, accessTokens, tombstones, clock } = deps;

  /** Deleted shares that had been live keep why they could no longer be viewed. */
  const settleDeleted = (rows: FileSharesTable[]) =>
    tombstones.settle(
      'file',
      rows.filter((row) => row.status === 'live'),
    );

  /** A share that does not exist: expired or used up when it was deleted, else unknown. */
  async function missing(slug: string): Promise<never> {
    const reason = await tombstones.reasonFor('file', slug);
    if (reason === 'expired') throw fileExpired();
    if (reason === 'exhausted') throw fileViewsExhausted();
    throw fileNotFound();
  }

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
    const custom = options.slug || undefined;
    for (let attempt = 0; attempt < SLUG_ATTEMPTS; attempt++) {
      const row = { ...base, slug: custom ?? randomBase62(GENERATED_SLUG_LENGTH + attempt) };
      try {
        await repository.insert(row);
        return row;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        if (custom) throw fileSlugTaken();
      }
    }
    throw fileSlugTaken();
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

  /**
   * Removes shares' objects. A storage hiccup must not keep a record alive: what the storage
   * refuses is queued and retried by the housekeeping job.
   */
  async function deleteObjects(rows: FileSharesTable[]) {
    await deps.objectDeletions.deleteOrQueue(
      rows.map((row) => ({
        configId: row.storage_config_id,
        key: row.storage_path,
        uploadId: row.upload_id,
      })),
    );
  }

  async function discard(row: FileSharesTable) {
    await deleteObjects([row]);
    await repository.deleteMany([row.id]);
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

  async function requireOwned(principal: Principal, id: string) {
    const row = await repository.findById(id);
    if (!row || !isCreator(principal, row.created_by)) throw fileNotFound();
    return row;
  }

  async function requireMultipart(principal: Principal, id: string) {
    const row = await requireOwned(principal, id);
    if (row.status !== 'uploading' || !row.upload_id) throw notUploading();
    return { row, uploadId: row.upload_id };
  }

  /** Why a share cannot be viewed, once the counting update found nothing. */
  async function refusal(slug: string, passwordless: boolean): Promise<never> {
    const row = await repository.findLiveBySlug(slug);
    if (!row) return missing(slug);
    const state = shareState(row, clock.now());
    if (state === 'expired') throw fileExpired();
    if (state === 'exhausted') throw fileViewsExhausted();
    if (passwordless && row.password_hash !== null) throw filePasswordRequired();
    throw fileNotFound();
  }

  /** Shares as the API shows them, with each storage's object address (one lookup per storage). */
  async function describeShares(rows: FileSharesTable[]): Promise<FileShare[]> {
    const urlMakers = new Map<string, Promise<(key: string) => string | null>>();
    return Promise.all(
      rows.map(async (row) => {
        let objectUrl = urlMakers.get(row.storage_config_id);
        if (!objectUrl) {
          objectUrl = storage.deliveryOf(row.storage_config_id).then((d) => d.objectUrl);
          urlMakers.set(row.storage_config_id, objectUrl);
        }
        return toFileShare(row, (await objectUrl)(row.storage_path));
      }),
    );
  }

  const describeShare = async (row: FileSharesTable) =>
    (await describeShares([row]))[0] as FileShare;

  /**
   * A visitor's counted opening of a share: with its password (checked, rate limited), or
   * without one for a share that has none.
   */
  async function openCounted(
    slug: string,
    password: string | undefined,
    clientIp: string,
  ): Promise<FileSharesTable> {
    if (password === undefined) {
      const counted = await repository.countView({ slug, now: clock.now(), passwordless: true });
      return counted ?? refusal(slug, true);
    }
    const share = `file:${slug}`;
    await passwordGuard.countAttempt(share, clientIp);
    const row = await repository.findLiveBySlug(slug);
    if (!row) return missing(slug);
    const state = shareState(row, clock.now());
    if (state === 'expired') throw fileExpired();
    if (state === 'exhausted') throw fileViewsExhausted();
    if (
      !(await passwordGuard.check({ share, clientIp, password, passwordHash: row.password_hash }))
    ) {
      throw fileWrongPassword();
    }
    const counted = await repository.countView({ slug, now: clock.now(), passwordless: false });
    return counted ?? refusal(slug, false);
  }

  /** Addresses of the content with an access token that lasts as long as the storage's URLs. */
  async function contentLinks(row: FileSharesTable): Promise<FileContentLinks> {
    const { urlExpirySeconds } = await storage.deliveryOf(row.storage_config_id);
    const token = accessTokens.issue(accessScope(row), urlExpirySeconds * 1000);
    const content = `/api/public/files/${encodeURIComponent(row.slug)}/content?token=${encodeURIComponent(token)}`;
    return { preview_url: content, download_url: `${content}&download=1` };
  }

  async function publicView(row: FileSharesTable): Promise<PublicFile> {
    return {
      slug: row.slug,
      requires_password: false,
      filename: row.filename,
      mimetype: row.mimetype,
      size: row.size,
      created_at: new Date(row.created_at).toISOString(),
      expires_at: row.expires_at === null ? null : new Date(row.expires_at).toISOString(),
      views: row.views,
      remaining_views: remainingViews(row),
      ...(await contentLinks(row)),
    };
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
        try {
          await repository.update(row.id, changes);
        } catch (error) {
          if (isUniqueViolation(error)) throw fileSlugTaken();
          throw error;
        }
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

    async list(
      principal: Principal,
      query: { limit: number; offset: number; search?: string | undefined },
    ): Promise<FileList> {
      const { rows, total } = await repository.list({ ...query, createdBy: ownerTags(principal) });
      return {
        items: await describeShares(rows),
        total,
        limit: query.limit,
        offset: query.offset,
      };
    },

    get: async (principal: Principal, id: string) =>
      describeShare(await requireOwned(principal, id)),

    /** The owner's look at the content (admin preview): no password, and no view counted. */
    async ownerContentLinks(principal: Principal, id: string): Promise<FileContentLinks> {
      const row = await requireOwned(principal, id);
      if (row.status !== 'live') throw fileNotFound();
      return contentLinks(row);
    },

    async update(principal: Principal, id: string, input: UpdateInput): Promise<FileShare> {
      await requireOwned(principal, id);
      const { password, expires_in, ...rest } = input;
      const now = clock.now();
      try {
        await repository.update(id, {
          ...rest,
          ...(await shareAccessChanges({ password, expires_in }, now)),
          updated_at: now,
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw fileSlugTaken();
        throw error;
      }
      return describeShare(await requireOwned(principal, id));
    },

    /**
     * Deleting a share deletes its object too (an upload in progress is aborted). The clean-up
     * of a failed upload (`uploadingOnly`) must not take a share whose commit succeeded and only
     * its answer got lost: the record goes only while still uploading, in one conditional delete.
     */
    async remove(
      principal: Principal,
      id: string,
      { uploadingOnly = false }: { uploadingOnly?: boolean } = {},
    ): Promise<void> {
      const row = await requireOwned(principal, id);
      if (!uploadingOnly) {
        await discard(row);
        await settleDeleted([row]);
        return;
      }
      if (!(await repository.deleteIfUploading(row.id))) {
        throw (await repository.findById(row.id)) ? fileAlreadyLive() : fileNotFound();
      }
      await deleteObjects([row]);
    },

    async removeMany(principal: Principal, ids: string[]) {
      const rows = await repository.findManyOwned(ids, ownerTags(principal));
      await deleteObjects(rows);
      const deleted = await repository.deleteMany(rows.map((row) => row.id));
      await settleDeleted(rows);
      return { deleted };
    },

    /** A visitor opens a share: counted; a protected one answers only that it needs a password. */
    async view(slug: string): Promise<PublicFile> {
      const counted = await repository.countView({ slug, now: clock.now(), passwordless: true });
      if (counted) return publicView(counted);
      const row = await repository.findLiveBySlug(slug);
      if (row && row.password_hash !== null && shareState(row, clock.now()) === 'live') {
        return { slug, requires_password: true };
      }
      return refusal(slug, true);
    },

    async verify(slug: string, password: string, clientIp: string): Promise<PublicFile> {
      return publicView(await openCounted(slug, password, clientIp));
    },

    /**
     * The bytes of a share, for a holder of an access token: a presigned URL to send the browser
     * to when its storage serves downloads directly (see `servedDirectly`), else the object to
     * stream, with `range` picking the bytes once the size is known (HTTP Range header).
     */
    async content(input: {
      slug: string;
      /** From a view; without it the request counts as a view of its own (`password` if needed). */
      token?: string | undefined;
      password?: string | undefined;
      clientIp: string;
      download: boolean;
      range: (size: number) => { start: number; end: number } | undefined;
    }): Promise<{ redirect: string } | { share: FileSharesTable; object: GetResult }> {
      let row: FileSharesTable;
      if (input.token === undefined) {
        row = await openCounted(input.slug, input.password, input.clientIp);
      } else {
        const found = await repository.findLiveBySlug(input.slug);
        if (!found) return missing(input.slug);
        if (!accessTokens.verify(accessScope(found), input.token)) throw invalidAccessToken();
        if (shareState(found, clock.now()) === 'expired') throw fileExpired();
        row = found;
      }
      const delivery = await storage.deliveryOf(row.storage_config_id);
      const driver = await drivers.forConfig(row.storage_config_id);
      const contentType = servedMediaType(
        normalizeMediaType(row.mimetype) ?? 'application/octet-stream',
      );
      // Browsers (with a token) may be sent to the bucket; a script's `curl -OJ` gets the bytes
      // here, under the share's file name, without having to follow a redirect.
      if (
        input.token !== undefined &&
        delivery.directDownloads &&
        servedDirectly(contentType, input.download)
      ) {
        const redirect = await driver.presignGet(row.storage_path, {
          // No longer than the share itself: a link handed on must not outlive it.
          expiresInSeconds: Math.max(
            1,
            Math.min(
              delivery.urlExpirySeconds,
              row.expires_at === null
                ? Number.POSITIVE_INFINITY
                : Math.ceil((row.expires_at - clock.now()) / 1000),
            ),
          ),
          downloadName: row.filename,
          contentType,
          inline: !input.download,
        });
        return { redirect };
      }
      const range = input.range(row.size);
      const object = await driver.get(row.storage_path, range ? { range } : undefined);
      return { share: row, object };
    },

    /**
     * Expired and used-up shares and uploads abandoned for a day, records and objects; then
     * multipart uploads a storage still holds that no share knows of (an abort that failed).
     */
    async cleanUp() {
      const staleBefore = clock.now() - STALE_UPLOAD_MS;
      const rows = await repository.findFinished(clock.now(), staleBefore);
      await deleteObjects(rows);
      const deleted = await repository.deleteMany(rows.map((row) => row.id));
      await settleDeleted(rows);
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
      return { deleted, orphansAborted, temporaryFilesRemoved };
    },
  };
}

export type FilesUseCases = ReturnType<typeof createFilesUseCases>;
