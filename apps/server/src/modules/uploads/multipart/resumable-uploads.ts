import type { FsMultipartUpload, Principal } from '@sharebin/shared';
import { STALE_UPLOAD_MS } from '../../files/files.housekeeping';
import { childPath } from '../../fs/fs-entries.models';
import type { FsLocator, MountLocation } from '../../fs/fs-locator.usecases';
import type { Clock } from '../../shared/clock';
import type { FsUploadsTable } from '../../shared/db.schema';
import type { StorageDriver, UploadedPart } from '../../storage/drivers/storage-driver';
import { MultipartError } from '../../storage/drivers/storage-driver.errors';
import type { FsUploadsRepository } from '../mount-target/mount-uploads.repository';
import type { UploadKeys } from './mount-upload-key';
import { multipartLayout } from './multipart-layout';

/** Who may resume an upload: the admin account or the API key that started it. */
export const uploadOwnerOf = (principal: Principal): string | null =>
  principal.type === 'none' ? null : `${principal.type}:${principal.id}`;

/**
 * The parts of a resumable upload the storage holds at their layout's length (a short or unknown
 * part is sent again), or null when the storage no longer knows the upload (aborted, completed).
 */
export async function storedParts(
  storage: Pick<StorageDriver, 'listParts'>,
  key: string,
  uploadId: string,
  fileSize: number,
): Promise<UploadedPart[] | null> {
  const layout = multipartLayout(fileSize);
  try {
    const listed = await storage.listParts(key, uploadId);
    return listed
      .filter((part) => part.partNumber <= layout.partCount)
      .filter((part) => part.size === layout.lengthOf(part.partNumber))
      .map((part) => ({ ...part, etag: part.etag.replace(/"/g, '') }))
      .sort((a, b) => a.partNumber - b.partNumber);
  } catch (error) {
    if (error instanceof MultipartError) return null;
    throw error;
  }
}

/**
 * Multipart uploads a client can pick up again after a reload, a lost network or a closed
 * laptop (issue 32 item 6). The session is the `fs_uploads` row every client multipart already
 * has (any instance reads it), plus the file's fingerprint and its owner; the parts are what the
 * storage itself lists. Idle past STALE_UPLOAD_MS, housekeeping aborts it (parts dropped).
 */
export function createResumableUploads({
  uploads,
  locator,
  keys,
  clock,
}: {
  uploads: FsUploadsRepository;
  locator: FsLocator;
  keys: UploadKeys;
  clock: Clock;
}) {
  return {
    /**
     * The upload of this file by this caller into `location`, if one is still held: its id and
     * the parts stored so far. A session whose upload the storage lost is dropped.
     */
    async find(
      principal: Principal,
      location: MountLocation,
      fingerprint: string,
      fileSize: number,
    ): Promise<{ uploadId: string; parts: UploadedPart[] } | null> {
      const owner = uploadOwnerOf(principal);
      if (owner === null) return null;
      const where = {
        storage_config_id: location.mount.storage_config_id,
        storage_key: location.key,
        size: fileSize,
      };
      const row = await uploads.findResumable(where, owner, fingerprint);
      if (!row?.upload_id) return null;
      const parts = await storedParts(location.storage, location.key, row.upload_id, fileSize);
      if (parts === null) {
        await uploads.remove(row.id);
        return null;
      }
      // Resumed: the session lives another STALE_UPLOAD_MS from now.
      await uploads.noteActivity(row.id, clock.now());
      return { uploadId: row.upload_id, parts };
    },

    /** The resumable uploads into the folder `path`: the caller's own (an admin sees all). */
    async list(principal: Principal, path: string): Promise<FsMultipartUpload[]> {
      const folder = await locator.writeInto(principal, path);
      // The admin sees every upload (null: no owner filter); a key its own.
      const owner = principal.type === 'admin' ? null : uploadOwnerOf(principal);
      if (principal.type === 'none') return [];
      const prefix = folder.key === '' ? '' : `${folder.key}/`;
      const rows = (await uploads.findResumableIn(folder.mount.storage_config_id, owner)).filter(
        (row) =>
          row.storage_key.startsWith(prefix) && !row.storage_key.slice(prefix.length).includes('/'),
      );
      const listed = await Promise.all(rows.map((row) => describe(folder, row)));
      return listed.filter((upload) => upload !== null);
    },
  };

  async function describe(
    folder: MountLocation,
    row: FsUploadsTable,
  ): Promise<FsMultipartUpload | null> {
    const uploadId = row.upload_id as string;
    const name = row.storage_key.slice(row.storage_key.lastIndexOf('/') + 1);
    const parts = await storedParts(folder.storage, row.storage_key, uploadId, row.size);
    if (parts === null) return null;
    const layout = multipartLayout(row.size);
    return {
      path: childPath(folder.path, name),
      uploadId,
      key: keys.issue({
        mountId: folder.mount.id,
        storageKey: row.storage_key,
        uploadId,
        fileSize: row.size,
      }),
      fileSize: row.size,
      fingerprint: row.fingerprint ?? '',
      partSize: layout.partSize,
      partCount: layout.partCount,
      createdAt: row.created_at,
      lastActivityAt: row.last_activity_at,
      expiresAt: row.last_activity_at + STALE_UPLOAD_MS,
      parts,
    };
  }
}

export type ResumableUploads = ReturnType<typeof createResumableUploads>;
