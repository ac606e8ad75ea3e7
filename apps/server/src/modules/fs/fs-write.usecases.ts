import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { EDIT_CONTENT_MAX_BYTES, type FsFailure, type Principal } from '@sharebin/shared';
import type { ActivityLog } from '../dashboard/activity.recorder';
import { fileTooLarge } from '../files/files.errors';
import { mimetypeFor } from '../shared/media-types';
import type { FsEntry } from '../storage/drivers/storage-driver';
import { FsConflictError } from '../storage/drivers/storage-driver.errors';
import { readWholeBody, WHOLE_BODY_MAX_BYTES, WholeBody } from '../storage/drivers/whole-body';
import { countFsUpload } from '../uploads/mount-target/mount-upload-target';
import { finishTransfer } from '../uploads/stream-transfer';
import type { Checksums } from './checksums/checksum-worker';
import { checksumsOf, checksumTap } from './checksums/fs-checksums.usecases';
import {
  fsAlreadyExists,
  fsContentTooLarge,
  fsNotAFile,
  fsNotFound,
  fsRenameAcrossFolders,
} from './fs.errors';
import type { FsChange } from './fs-change.models';
import { childPath, nameOfPath, parentPath } from './fs-entries.models';
import { failureReason } from './fs-failure.errors';
import type { FsLocator, MountLocation } from './fs-locator.usecases';
import type { FsQuota } from './fs-quota.usecases';

export interface FsWriteDeps {
  locator: FsLocator;
  /** New bytes in a storage are held against its capacity while they are written. */
  quota: FsQuota;
  /** Told of every change after it is made and before the call answers. */
  onChange: (changes: FsChange[]) => Promise<void>;
}

/**
 * Storages drop emptied folders; users expect to keep them, as on any disk. A file written at
 * the parent's path meanwhile (a race of two writes) leaves no folder to keep.
 */
export async function keepParentFolder(location: MountLocation): Promise<void> {
  const cut = location.key.lastIndexOf('/');
  if (cut <= 0) return;
  try {
    await location.storage.mkdir(location.key.slice(0, cut));
  } catch (error) {
    if (!(error instanceof FsConflictError)) throw error;
  }
}

/** A failure as a batch result reports it: the code and message the API would answer. */
export function failureOf(path: string, error: unknown): FsFailure {
  const reason = failureReason(error);
  if (!reason) throw error;
  return { path, ...reason };
}

interface UploadOptions {
  /** Declared length or a bound on it (a form part is shorter than its request). */
  size?: number;
  sizeAtMost?: number;
  contentType?: string;
  maxBytes?: number;
}

/** Where an upload goes (`uploadTarget`). */
export interface UploadTarget {
  location: MountLocation;
  found: FsEntry | null;
}

/** A body stored: what the storage answered, and the checksums of its bytes when known. */
interface Stored {
  etag: string | null;
  size: number;
  checksums: Checksums | null;
}

export function createFsWriteUseCases({
  locator,
  quota,
  onChange,
  activity,
}: FsWriteDeps & {
  /** Counts uploads (the API's and WebDAV's) for the dashboard. */
  activity: ActivityLog;
}) {
  const written = (location: MountLocation, isDirectory: boolean, size: number | null = null) =>
    onChange([{ kind: 'written', location, isDirectory, size }]);

  /** No pipeline or stream stages for small bodies (bench/RESULTS.md, issue 29). */
  async function storeWhole(
    location: MountLocation,
    body: Readable,
    name: string,
    { size, sizeAtMost, contentType, maxBytes = Number.POSITIVE_INFINITY }: UploadOptions,
  ): Promise<Stored> {
    if (size !== undefined && size > maxBytes) {
      body.resume();
      throw fileTooLarge(maxBytes);
    }
    const bytes =
      size !== undefined
        ? await readWholeBody(body, size)
        : await readWholeBody(body, sizeAtMost as number, { exact: false });
    if (bytes.length > maxBytes) throw fileTooLarge(maxBytes);
    const result = await quota.whileHolding(
      location,
      bytes.length,
      () =>
        location.storage.put(location.key, new WholeBody(bytes), {
          contentLength: bytes.length,
          contentType: mimetypeFor(name, contentType),
        }),
      { owned: true },
    );
    return { ...result, checksums: result.etag ? checksumsOf([bytes]) : null };
  }

  /** Any other body, streamed into the storage and through the capacity's counter. */
  async function storeStreamed(
    location: MountLocation,
    body: Readable,
    name: string,
    { size, contentType, maxBytes }: UploadOptions,
  ): Promise<Stored> {
    const checksums = checksumTap();
    const { counter, onMultipartStarted, release } = await quota.streamed(
      location,
      maxBytes ?? Number.POSITIVE_INFINITY,
    );
    try {
      const stored = location.storage.put(location.key, counter, {
        contentLength: size,
        maxLength: maxBytes,
        contentType: mimetypeFor(name, contentType),
        onMultipartStarted,
      });
      // Both sides let go of their files and sockets before the answer.
      const result = await finishTransfer(pipeline(body, checksums.tap, counter), stored);
      // Without an ETag to hold for, checksums would never be served: not computed.
      if (!result.etag) checksums.abandon();
      return { ...result, checksums: result.etag ? await checksums.digests() : null };
    } catch (error) {
      checksums.abandon();
      throw error;
    } finally {
      await release();
    }
  }

  async function uploadTarget(principal: Principal, path: string): Promise<UploadTarget> {
    const location = await locator.write(principal, path);
    return { location, found: await location.storage.stat(location.key) };
  }

  async function existing(location: MountLocation) {
    const entry = await location.storage.stat(location.key);
    if (!entry) throw fsNotFound(location.path);
    return entry;
  }

  async function removeOne(principal: Principal, path: string): Promise<void> {
    const location = await locator.write(principal, path);
    const entry = await existing(location);
    if (entry.isDirectory) await location.storage.deletePrefix(location.key);
    else await location.storage.delete(location.key);
    await keepParentFolder(location);
    await onChange([{ kind: 'removed', location, subtree: entry.isDirectory }]);
  }

  return {
    uploadTarget,

    /** Whether the folder of an upload target exists (a mount's root always does). */
    async targetFolderExists({ location }: UploadTarget): Promise<boolean> {
      const cut = location.key.lastIndexOf('/');
      if (cut < 0) return true;
      return (await location.storage.stat(location.key.slice(0, cut)))?.isDirectory === true;
    },

    async mkdir(principal: Principal, path: string): Promise<void> {
      const location = await locator.write(principal, path);
      await location.storage.mkdir(location.key);
      await written(location, true);
    },

    /** Streams `body` into the file `name` of the folder `folderPath`, replacing any file there. */
    async upload(
      principal: Principal,
      folderPath: string,
      name: string,
      body: Readable,
      options: UploadOptions & {
        /** The path's `uploadTarget`, when the caller asked it just before: not asked again. */
        target?: UploadTarget;
      },
    ): Promise<{ path: string; size: number; etag: string | null }> {
      const path = childPath(folderPath, name);
      const { location, found } = options.target ?? (await uploadTarget(principal, path));
      // A folder made there since is refused by the storage's put (a path conflict).
      if (found?.isDirectory) throw fsAlreadyExists(path);
      const bound = options.size ?? options.sizeAtMost;
      const stored =
        bound !== undefined && bound <= WHOLE_BODY_MAX_BYTES
          ? await storeWhole(location, body, name, options)
          : await storeStreamed(location, body, name, options);
      const { etag, size, checksums } = stored;
      await onChange([
        {
          kind: 'written',
          location,
          isDirectory: false,
          size,
          ...(etag && checksums ? { stored: { etag, checksums } } : {}),
        },
      ]);
      countFsUpload(activity, size);
      return { path, size, etag };
    },

    /** SPEC §5: at most 10 MB, and within `maxBytes` and capacity like every other write. */
    async update(
      principal: Principal,
      path: string,
      content: string,
      maxBytes: number,
    ): Promise<void> {
      const bytes = Buffer.from(content, 'utf8');
      if (bytes.length > EDIT_CONTENT_MAX_BYTES) throw fsContentTooLarge(EDIT_CONTENT_MAX_BYTES);
      if (bytes.length > maxBytes) throw fileTooLarge(maxBytes);
      const location = await locator.write(principal, path);
      const entry = await location.storage.stat(location.key);
      if (entry?.isDirectory) throw fsNotAFile(path);
      await quota.whileHolding(location, bytes.length, () =>
        location.storage.put(location.key, new WholeBody(bytes), {
          contentLength: bytes.length,
          contentType: entry?.contentType ?? mimetypeFor(nameOfPath(path), undefined),
        }),
      );
      await written(location, false, bytes.length);
    },

    remove: removeOne,

    /** Refuses unless the caller may change what is at `path` (a mount's root included). */
    async checkWritable(principal: Principal, path: string): Promise<void> {
      await locator.writeInto(principal, path);
    },

    /** A new name in the same folder (SPEC §7 rename); `move` puts things elsewhere. */
    async rename(principal: Principal, oldPath: string, newPath: string): Promise<void> {
      if (parentPath(oldPath) !== parentPath(newPath)) {
        throw fsRenameAcrossFolders(oldPath, newPath);
      }
      const source = await locator.write(principal, oldPath);
      const target = await locator.write(principal, newPath);
      const entry = await existing(source);
      if (source.mount.id !== target.mount.id) throw fsAlreadyExists(newPath);
      await source.storage.move(source.key, target.key);
      await onChange([
        { kind: 'moved', from: source, location: target, isDirectory: entry.isDirectory },
      ]);
    },
  };
}

export type FsWriteUseCases = ReturnType<typeof createFsWriteUseCases>;
