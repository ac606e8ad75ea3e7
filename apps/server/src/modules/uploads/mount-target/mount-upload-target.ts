import type { FsUploaded, Principal } from '@sharebin/shared';
import type { ActivityLog } from '../../dashboard/activity.recorder';
import { fileTooLarge } from '../../files/files.errors';
import {
  fsAlreadyExists,
  fsEtagMismatch,
  fsSizeMismatch,
  fsUploadMissing,
} from '../../fs/fs.errors';
import type { FsChange } from '../../fs/fs-change.models';
import type { FsLocator, MountLocation } from '../../fs/fs-locator.usecases';
import type { FsQuota } from '../../fs/fs-quota.usecases';

/** What the large-upload flows share with the other writes. */
export interface MountUploadDeps {
  locator: FsLocator;
  /** The write use cases' change hook: told of every file an upload flow completes. */
  onChange: (changes: FsChange[]) => Promise<void>;
  maxUploadBytes: () => Promise<number>;
  quota: FsQuota;
  /** Counts completed uploads and their bytes for the dashboard. */
  activity: ActivityLog;
}

/** A file came into a storage through the file system (any flow): one upload of `size` bytes. */
export function countFsUpload(activity: ActivityLog, size: number): void {
  activity.record('uploads');
  activity.record('bytes_in', size);
}

const unquoted = (etag: string) => etag.replace(/"/g, '');

export function createUploadTargets({
  locator,
  onChange,
  maxUploadBytes,
  quota,
  activity,
}: MountUploadDeps) {
  return {
    /**
     * Where a new file of `fileSize` bytes may go, before any byte does: writable for the
     * caller, not a folder, within the system's upload limit.
     */
    async prepare(principal: Principal, path: string, fileSize: number): Promise<MountLocation> {
      const location = await locator.write(principal, path);
      const maxBytes = await maxUploadBytes();
      if (fileSize > maxBytes) throw fileTooLarge(maxBytes);
      if ((await location.storage.stat(location.key))?.isDirectory) throw fsAlreadyExists(path);
      return location;
    },

    /**
     * A file the client put into the storage itself (presigned PUT, client-side copy) counts
     * as written only once it is there with the size (and ETag) the client declared.
     */
    async commit(
      location: MountLocation,
      fileSize: number,
      etag: string | undefined,
    ): Promise<FsUploaded> {
      const stored = await location.storage.head(location.key);
      if (!stored) throw fsUploadMissing(location.path);
      if (stored.size !== fileSize) throw fsSizeMismatch(location.path, fileSize, stored.size);
      if (etag !== undefined && stored.etag !== null && unquoted(etag) !== stored.etag) {
        throw fsEtagMismatch(location.path);
      }
      try {
        await quota.ensureRoom(location, stored.size);
      } catch (error) {
        // Over the storage's capacity: the file the client put there does not stay.
        await location.storage.delete(location.key);
        throw error;
      }
      await onChange([{ kind: 'written', location, isDirectory: false, size: stored.size }]);
      countFsUpload(activity, stored.size);
      return { path: location.path, size: stored.size, etag: stored.etag };
    },
  };
}

export type UploadTargets = ReturnType<typeof createUploadTargets>;
