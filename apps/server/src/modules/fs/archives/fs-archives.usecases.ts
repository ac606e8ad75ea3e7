import type { Readable } from 'node:stream';
import {
  EXTRACT_MAX_RATIO,
  type FsArchiveEntry,
  type FsArchiveListing,
  type Principal,
} from '@sharebin/shared';
import { AppError } from '../../../app/errors';
import { StorageDriverError } from '../../storage/drivers/storage-driver.errors';
import {
  fsArchiveEntryNotFound,
  fsArchiveUnreadable,
  fsArchiveUnsupported,
  fsNotAFile,
} from '../fs.errors';
import type { FsReadUseCases } from '../fs-read.usecases';
import { archiveFormatOf, type OpenedArchive } from './archive-formats';
import { type ArchiveCursor, createArchiveReaders } from './archive-readers';

/** Entries a listing holds; an archive with more says it was cut. */
export const ARCHIVE_MAX_ENTRIES = 10_000;

/** The archive's own failures are "unreadable"; the storage's and the caller's stay theirs. */
export function asUnreadable(path: string, error: unknown): never {
  if (error instanceof AppError || error instanceof StorageDriverError) throw error;
  throw fsArchiveUnreadable(path);
}

/**
 * Archives in a mount, opened without extracting them: a zip by its central directory (ranged
 * reads: a zip on S3 is not downloaded to be listed), a tar by reading its headers in one pass.
 */
export function createFsArchives({ read }: { read: Pick<FsReadUseCases, 'get' | 'download'> }) {
  const readers = createArchiveReaders(read);

  async function opened(principal: Principal, path: string): Promise<OpenedArchive> {
    const file = await read.get(principal, path);
    if (file.is_directory) throw fsNotAFile(path);
    const format = archiveFormatOf(file.name);
    if (!format) throw fsArchiveUnsupported(path);
    return { format, size: file.size ?? 0 };
  }

  /**
   * Every entry in archive order; `visit` answers false to stop. Unreadable is 422; a tar.gz
   * that inflates past `maxRatio` times the bytes read so far is refused as a bomb.
   */
  async function scan(
    principal: Principal,
    path: string,
    maxRatio: number,
    visit: (entry: FsArchiveEntry) => boolean | Promise<boolean>,
  ): Promise<OpenedArchive> {
    const archive = await opened(principal, path);
    try {
      await readers.scan(principal, path, archive, maxRatio, visit);
    } catch (error) {
      asUnreadable(path, error);
    }
    return archive;
  }

  /** Opens the files of an archive one after the other, in archive order (see ArchiveCursor). */
  async function cursor(principal: Principal, path: string): Promise<ArchiveCursor> {
    const archive = await opened(principal, path);
    const inner = readers.cursor(principal, path, archive);
    return {
      open: (name) => inner.open(name).catch((error: unknown) => asUnreadable(path, error)),
      close: () => inner.close(),
    };
  }

  return {
    opened,
    scan,
    cursor,

    async list(principal: Principal, path: string): Promise<FsArchiveListing> {
      const entries: FsArchiveEntry[] = [];
      let truncated = false;
      const { format } = await scan(principal, path, EXTRACT_MAX_RATIO, (entry) => {
        if (entries.length === ARCHIVE_MAX_ENTRIES) {
          truncated = true;
          return false;
        }
        entries.push(entry);
        return true;
      });
      return { path, format, entries, truncated };
    },

    /** One file of an archive, as its bytes stream out of it (a link or a folder has none). */
    async entry(
      principal: Principal,
      path: string,
      name: string,
    ): Promise<{ stream: Readable; size: number; name: string }> {
      const files = await cursor(principal, path);
      const found = await files.open(name).catch((error: unknown) => {
        files.close();
        throw error;
      });
      if (!found) {
        files.close();
        throw fsArchiveEntryNotFound(path, name);
      }
      // The archive stays open while the caller reads the entry.
      found.stream.on('close', () => files.close());
      return { ...found, name: name.slice(name.lastIndexOf('/') + 1) };
    },
  };
}

export type FsArchives = ReturnType<typeof createFsArchives>;
