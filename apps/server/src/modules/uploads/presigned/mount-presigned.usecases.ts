import type { FsBatchResult, FsPresignResponse, FsUploaded, Principal } from '@sharebin/shared';
import { fsMountMismatch, fsStorageKeyMismatch, fsUploadUnsupported } from '../../fs/fs.errors';
import { childPath } from '../../fs/fs-entries.models';
import type { FsLocator } from '../../fs/fs-locator.usecases';
import type { FsQuota } from '../../fs/fs-quota.usecases';
import { failureOf } from '../../fs/fs-write.usecases';
import { type Clock, toIso } from '../../shared/clock';
import { mimetypeFor } from '../../shared/media-types';
import type { StorageDrivers } from '../../storage/storage.drivers';
import type { UploadTargets } from '../mount-target/mount-upload-target';

export interface FsPresignDeps {
  locator: FsLocator;
  quota: FsQuota;
  drivers: Pick<StorageDrivers, 'resolve'>;
  targets: UploadTargets;
  clock: Clock;
}

const withoutLeadingSlash = (key: string) => key.replace(/^\/+/, '');

/**
 * Uploads where the client PUTs the bytes to the storage itself (SPEC §4 presigned: presign,
 * PUT, commit), and the commit of a client-side copy (SPEC §3), which uploads the same way.
 */
export function createFsPresign({ locator, quota, drivers, targets, clock }: FsPresignDeps) {
  return {
    async presign(
      principal: Principal,
      input: { path: string; fileName: string; contentType?: string; fileSize: number },
    ): Promise<FsPresignResponse> {
      const path = childPath(input.path, input.fileName);
      const location = await targets.prepare(principal, path, input.fileSize);
      const { capabilities, config } = await drivers.resolve(location.mount.storage_config_id);
      if (!capabilities.presign) throw fsUploadUnsupported(path, 'presign');
      // No URL for bytes the storage has no room for (the commit checks the stored size again).
      await quota.ensureRoom(location, input.fileSize);
      const expiresIn = config.url_expiry_seconds;
      const upload = await location.storage.presignPut(location.key, {
        contentType: mimetypeFor(input.fileName, input.contentType),
        // Signed: the PUT must carry exactly the size the limits were checked against.
        contentLength: input.fileSize,
        expiresInSeconds: expiresIn,
      });
      return {
        path,
        url: upload.url,
        headers: upload.headers,
        direct: capabilities.directUrls,
        expires_at: toIso(clock.now() + expiresIn * 1000),
      };
    },

    async commit(
      principal: Principal,
      input: { path: string; fileName: string; fileSize: number; etag?: string },
    ): Promise<FsUploaded> {
      const location = await locator.write(principal, childPath(input.path, input.fileName));
      return targets.commit(location, input.fileSize, input.etag);
    },

    /**
     * Each file of a client-side copy, checked where it was uploaded: in the mount named, at
     * the storage key of its target path, with its size. One failure does not stop the others.
     */
    async batchCopyCommit(
      principal: Principal,
      input: {
        targetMountId: string;
        files: { targetPath: string; s3Path: string; fileSize: number; etag?: string }[];
      },
    ): Promise<FsBatchResult> {
      const result: FsBatchResult = { success: 0, skipped: 0, failed: [] };
      for (const file of input.files) {
        try {
          const location = await locator.write(principal, file.targetPath);
          if (location.mount.id !== input.targetMountId) {
            throw fsMountMismatch(file.targetPath, input.targetMountId);
          }
          if (withoutLeadingSlash(file.s3Path) !== location.key) {
            throw fsStorageKeyMismatch(file.targetPath);
          }
          await targets.commit(location, file.fileSize, file.etag);
          result.success += 1;
        } catch (error) {
          result.failed.push(failureOf(file.targetPath, error));
        }
      }
      return result;
    },
  };
}

export type FsPresign = ReturnType<typeof createFsPresign>;
