import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type { FsArchiveEntry, FsArchiveListing, Principal } from '@sharebin/shared';
import * as tar from 'tar-stream';
import { AppError } from '../../../app/errors';
import { StorageDriverError } from '../../storage/drivers/storage-driver.errors';
import {
  fsArchiveEntryNotFound,
  fsArchiveUnreadable,
  fsArchiveUnsupported,
  fsNotAFile,
} from '../fs.errors';
import type { FsReadUseCases } from '../fs-read.usecases';
import { type ArchiveFormat, archiveFormatOf, escapesFolder } from './archive-formats';
import { eachZipEntry, entryName, openZip, zipEntryStream } from './zip-reader';

/** Entries a listing holds; an archive with more says it was cut. */
export const ARCHIVE_MAX_ENTRIES = 10_000;

/** An entry of a tar as it streams (a streamx stream, not a node one). */
type TarEntry = AsyncIterable<unknown> & { resume(): unknown };

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

/** The archive's own failures are "unreadable"; the storage's and the caller's stay theirs. */
function asUnreadable(path: string, error: unknown): never {
  if (error instanceof AppError || error instanceof StorageDriverError) throw error;
  throw fsArchiveUnreadable(path);
}

/**
 * Archives in a mount, opened without extracting them: a zip by its central directory (ranged
 * reads: a zip on S3 is not downloaded to be listed), a tar by reading its headers in one pass.
 */
export function createFsArchives({ read }: { read: Pick<FsReadUseCases, 'get' | 'download'> }) {
  async function opened(principal: Principal, path: string) {
    const file = await read.get(principal, path);
    if (file.is_directory) throw fsNotAFile(path);
    const format = archiveFormatOf(file.name);
    if (!format) throw fsArchiveUnsupported(path);
    return { format, size: file.size ?? 0 };
  }

  const zipOf = (principal: Principal, path: string, size: number) =>
    openZip(size, async (start, end) => {
      const { object } = await read.download(principal, path, `bytes=${start}-${end - 1}`);
      return object.body;
    });

  /** A tar's entries in order, each skipped unless `visit` takes its bytes; false stops. */
  async function eachTarEntry(
    principal: Principal,
    path: string,
    format: ArchiveFormat,
    visit: (header: tar.Header, stream: TarEntry) => Promise<boolean>,
  ): Promise<void> {
    const { object } = await read.download(principal, path, undefined);
    const extract = tar.extract();
    const source: Readable = format === 'tar.gz' ? object.body.pipe(createGunzip()) : object.body;
    object.body.on('error', (error) => extract.destroy(error));
    source.on('error', (error) => extract.destroy(error));
    source.pipe(extract);
    try {
      for await (const entry of extract) {
        if (!(await visit(entry.header, entry))) break;
        entry.resume();
      }
    } finally {
      object.body.destroy();
    }
  }

  return {
    async list(principal: Principal, path: string): Promise<FsArchiveListing> {
      const { format, size } = await opened(principal, path);
      const entries: FsArchiveEntry[] = [];
      let truncated = false;
      const take = (entry: FsArchiveEntry) => {
        if (entries.length === ARCHIVE_MAX_ENTRIES) {
          truncated = true;
          return false;
        }
        entries.push(entry);
        return true;
      };
      try {
        if (format === 'zip') {
          const zip = await zipOf(principal, path, size);
          try {
            await eachZipEntry(zip, (entry) => {
              const name = entryName(entry);
              return take({
                name,
                is_directory: name.endsWith('/'),
                size: entry.uncompressedSize,
                compressed_size: entry.compressedSize,
                modified: entry.getLastModDate().toISOString(),
                unsafe:
                  escapesFolder(name) ||
                  ((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK,
              });
            });
          } finally {
            zip.close();
          }
        } else {
          await eachTarEntry(principal, path, format, async (header) =>
            take({
              name: header.name,
              is_directory: header.type === 'directory',
              size: header.size ?? 0,
              compressed_size: null,
              modified: header.mtime ? header.mtime.toISOString() : null,
              unsafe:
                escapesFolder(header.name) || header.type === 'symlink' || header.type === 'link',
            }),
          );
        }
      } catch (error) {
        asUnreadable(path, error);
      }
      return { path, format, entries, truncated };
    },

    /** One file of an archive, as its bytes stream out of it (a link or a folder has none). */
    async entry(
      principal: Principal,
      path: string,
      name: string,
    ): Promise<{ stream: Readable; size: number; name: string }> {
      const { format, size } = await opened(principal, path);
      const base = name.slice(name.lastIndexOf('/') + 1);
      try {
        if (format === 'zip') {
          const zip = await zipOf(principal, path, size);
          let found: { stream: Readable; size: number } | null = null;
          await eachZipEntry(zip, async (entry) => {
            if (entryName(entry) !== name || name.endsWith('/')) return true;
            if (((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK) return true;
            found = { stream: await zipEntryStream(zip, entry), size: entry.uncompressedSize };
            return false;
          });
          const result = found as { stream: Readable; size: number } | null;
          if (!result) {
            zip.close();
            throw fsArchiveEntryNotFound(path, name);
          }
          result.stream.on('close', () => zip.close());
          return { ...result, name: base };
        }
        let found: { stream: Readable; size: number } | null = null;
        await new Promise<void>((resolve, reject) => {
          eachTarEntry(principal, path, format, async (header, entry) => {
            if (header.name !== name || header.type !== 'file') return true;
            const stream = Readable.from(entry as AsyncIterable<Buffer>);
            found = { stream, size: header.size ?? 0 };
            resolve();
            // The archive stays open while the caller reads the entry.
            await new Promise<void>((done) => stream.on('close', () => done()));
            return false;
          }).then(resolve, reject);
        });
        const result = found as { stream: Readable; size: number } | null;
        if (!result) throw fsArchiveEntryNotFound(path, name);
        return { ...result, name: base };
      } catch (error) {
        asUnreadable(path, error);
      }
    },
  };
}

export type FsArchives = ReturnType<typeof createFsArchives>;
