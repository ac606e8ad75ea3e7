import type { Readable } from 'node:stream';
import type { FsMultipartInitResponse, FsUploaded, Principal } from '@sharebin/shared';
import {
  fsPartLengthMismatch,
  fsPartOutOfRange,
  fsSizeMismatch,
  fsUploadKeyInvalid,
  fsUploadUnsupported,
} from '../../fs/fs.errors';
import { childPath, nameOfPath } from '../../fs/fs-entries.models';
import { mimetypeFor } from '../../shared/media-types';
import { MultipartError } from '../../storage/drivers/storage-driver.errors';
import type { StorageDrivers } from '../../storage/storage.drivers';
import {
  countFsUpload,
  type MountUploadDeps,
  type UploadTargets,
} from '../mount-target/mount-upload-target';
import type { UploadKeys } from './mount-upload-key';
import { multipartLayout } from './multipart-layout';
import { type ResumableUploads, uploadOwnerOf } from './resumable-uploads';

export interface FsMultipartDeps extends MountUploadDeps {
  drivers: Pick<StorageDrivers, 'resolve'>;
  keys: UploadKeys;
  targets: UploadTargets;
  resumable: ResumableUploads;
}

/** Which upload a call names: the file path, the storage's upload id and the signed key. */
export interface UploadRef {
  path: string;
  uploadId: string;
  key: string;
}

/** This server's own part route, for storages whose part URLs would not reach the storage. */
export type ProxyPartUrl = (ref: UploadRef, partNumber: number, isLastPart: boolean) => string;

/**
 * Multipart uploads into the file system (SPEC §4: 5 MB parts, a few in parallel). Nothing is
 * kept on the server between calls: the signed key carries what later calls must hold to.
 */
export function createFsMultipart({
  locator,
  onChange,
  drivers,
  keys,
  targets,
  quota,
  activity,
  resumable,
}: FsMultipartDeps) {
  /** The upload `ref` names, held again to path permission and read-only access. */
  async function bound(principal: Principal, ref: UploadRef) {
    const location = await locator.write(principal, ref.path);
    const binding = {
      mountId: location.mount.id,
      storageKey: location.key,
      uploadId: ref.uploadId,
    };
    const fileSize = keys.verify(binding, ref.key);
    if (fileSize === null) throw fsUploadKeyInvalid(ref.path);
    return { location, fileSize, layout: multipartLayout(fileSize) };
  }

  return {
    async init(
      principal: Principal,
      input: {
        path: string;
        filename?: string;
        contentType?: string;
        fileSize: number;
        fingerprint?: string;
      },
      proxyPartUrl: ProxyPartUrl,
    ): Promise<FsMultipartInitResponse> {
      const path = input.filename ? childPath(input.path, input.filename) : input.path;
      const location = await targets.prepare(principal, path, input.fileSize);
      const { capabilities, config } = await drivers.resolve(location.mount.storage_config_id);
      if (!capabilities.multipart) throw fsUploadUnsupported(path, 'multipart');
      const fingerprint = input.fingerprint ?? null;
      const resumed = fingerprint
        ? await resumable.find(principal, location, fingerprint, input.fileSize)
        : null;
      // Held from the start, so that parallel uploads cannot promise more than the storage has.
      const uploadId =
        resumed?.uploadId ??
        (await quota.startMultipart(
          location,
          input.fileSize,
          async () => {
            const started = await location.storage.createMultipart(location.key, {
              contentType: mimetypeFor(nameOfPath(path), input.contentType),
            });
            return started.uploadId;
          },
          { fingerprint, owner: fingerprint ? uploadOwnerOf(principal) : null },
        ));
      const key = keys.issue({
        mountId: location.mount.id,
        storageKey: location.key,
        uploadId,
        fileSize: input.fileSize,
      });
      const layout = multipartLayout(input.fileSize);
      // Straight to the storage only where its URLs reach it; local part URLs would come back
      // here anyway, and the proxy route checks the caller's access on every part.
      const direct = capabilities.presign && capabilities.directUrls;
      const numbers = Array.from({ length: layout.partCount }, (_, index) => index + 1);
      const parts = await Promise.all(
        numbers.map(async (partNumber) => ({
          partNumber,
          length: layout.lengthOf(partNumber),
          url: direct
            ? await location.storage.presignPart(
                location.key,
                uploadId,
                partNumber,
                config.url_expiry_seconds,
                layout.lengthOf(partNumber),
              )
            : proxyPartUrl({ path, uploadId, key }, partNumber, partNumber === layout.partCount),
        })),
      );
      return {
        path,
        uploadId,
        key,
        partSize: layout.partSize,
        partCount: layout.partCount,
        direct,
        parts,
        uploaded: resumed?.parts ?? [],
      };
    },

    /** The resumable uploads into the folder `path`, with the parts each holds. */
    uploads: resumable.list,

    /** The proxy path: the body goes to the storage as it arrives, held to its part's length. */
    async part(
      principal: Principal,
      ref: UploadRef & { partNumber: number },
      body: Readable,
      contentLength: number | null,
    ): Promise<{ partNumber: number; etag: string }> {
      const { location, layout } = await bound(principal, ref);
      if (ref.partNumber > layout.partCount) {
        throw fsPartOutOfRange(ref.partNumber, layout.partCount);
      }
      const expected = layout.lengthOf(ref.partNumber);
      if (contentLength !== expected) {
        throw fsPartLengthMismatch(ref.partNumber, expected, contentLength);
      }
      await quota.noteMultipartActivity(location, ref.uploadId);
      const { etag } = await location.storage.uploadPart(
        location.key,
        ref.uploadId,
        ref.partNumber,
        body,
        expected,
      );
      return { partNumber: ref.partNumber, etag };
    },

    /** Joins the parts once the storage holds each at its length: the file appears whole. */
    async complete(
      principal: Principal,
      ref: UploadRef & { parts: { partNumber: number; etag: string }[]; fileSize: number },
    ): Promise<FsUploaded> {
      const { location, fileSize, layout } = await bound(principal, ref);
      if (ref.fileSize !== fileSize) throw fsSizeMismatch(ref.path, fileSize, ref.fileSize);
      const storage = location.storage;
      const parts = ref.parts.map((part) => ({
        partNumber: part.partNumber,
        etag: part.etag.replace(/"/g, ''),
      }));
      const listed = await storage.listParts(location.key, ref.uploadId);
      const { whole, total } = layout.check(
        parts,
        new Map(listed.map((part) => [part.partNumber, part.size])),
      );
      const end = async () => {
        await storage.abortMultipart(location.key, ref.uploadId);
        await quota.endMultipart(location, ref.uploadId);
      };
      // A broken upload ends here: the file never appears with a size nobody declared.
      if (!whole) {
        await end();
        throw fsSizeMismatch(ref.path, fileSize, total);
      }
      try {
        await quota.confirmMultipart(location, ref.uploadId, fileSize);
      } catch (error) {
        // No room any more (the capacity was lowered meanwhile): the file never appears.
        await end();
        throw error;
      }
      try {
        await storage.completeMultipart(location.key, ref.uploadId, parts);
      } catch (error) {
        // Parts the storage refused end the upload; a storage that failed leaves it to retry.
        if (error instanceof MultipartError) await end();
        throw error;
      }
      await quota.endMultipart(location, ref.uploadId);
      const stored = await storage.head(location.key);
      await onChange([
        { kind: 'written', location, isDirectory: false, size: stored?.size ?? fileSize },
      ]);
      countFsUpload(activity, stored?.size ?? fileSize);
      return { path: location.path, size: stored?.size ?? fileSize, etag: stored?.etag ?? null };
    },

    /** Idempotent: aborting an upload already aborted or completed succeeds. */
    async abort(principal: Principal, ref: UploadRef): Promise<void> {
      const { location } = await bound(principal, ref);
      await location.storage.abortMultipart(location.key, ref.uploadId);
      await quota.endMultipart(location, ref.uploadId);
    },
  };
}

export type FsMultipart = ReturnType<typeof createFsMultipart>;
