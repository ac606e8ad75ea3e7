import { Readable, Transform } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { EXTRACT_MAX_RATIO, type FsArchiveEntry, type Principal } from '@sharebin/shared';
import * as tar from 'tar-stream';
import type yauzl from 'yauzl';
import { fsArchiveTooLarge } from '../fs.errors';
import type { FsReadUseCases } from '../fs-read.usecases';
import { escapesFolder, type OpenedArchive } from './archive-formats';
import { eachZipEntry, entryName, openZip, zipEntryStream } from './zip-reader';

/**
 * The files of one archive opened in archive order: `open(name)` answers the next file of that
 * name (null when there is none) and its bytes, which the caller reads whole before the next
 * `open`. A tar is read once from start to end however many files are opened in order; a zip
 * opens each by its offset.
 */
export interface ArchiveCursor {
  open(name: string): Promise<{ stream: Readable; size: number } | null>;
  close(): void;
}

/** An entry of a tar as it streams (a streamx stream, not a node one). */
type TarEntry = AsyncIterable<Buffer> & { header: tar.Header; resume(): unknown };

/** Inflated bytes a tar.gz may run ahead of `maxRatio` × its stored bytes (its first blocks). */
const INFLATE_MARGIN_BYTES = 16 * 1024 * 1024;

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const isZipLink = (entry: yauzl.Entry) =>
  ((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK;

/** Reads zip, tar and tar.gz archives from a mount, as `principal` (their rights apply). */
export function createArchiveReaders(read: Pick<FsReadUseCases, 'download'>) {
  const zipOf = (principal: Principal, path: string, size: number) =>
    openZip(size, async (start, end) => {
      const { object } = await read.download(principal, path, `bytes=${start}-${end - 1}`);
      return object.body;
    });

  /**
   * A tar's entries as they stream by, and the download to end once done with them. A tar.gz
   * is refused once it has inflated to more than `maxRatio` times the bytes read of it (and a
   * margin): zeros inflate without bound and tar skips zero blocks, so no header would tell.
   */
  async function openTar(
    principal: Principal,
    path: string,
    format: OpenedArchive['format'],
    maxRatio = EXTRACT_MAX_RATIO,
  ) {
    const { object } = await read.download(principal, path, undefined);
    const extract = tar.extract();
    let source: Readable = object.body;
    if (format === 'tar.gz') {
      let stored = 0;
      let inflated = 0;
      object.body.on('data', (chunk: Buffer) => {
        stored += chunk.length;
      });
      const guard = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          inflated += chunk.length;
          if (inflated > maxRatio * stored + INFLATE_MARGIN_BYTES) {
            done(fsArchiveTooLarge(path, 'ratio', inflated / Math.max(stored, 1), maxRatio));
          } else done(null, chunk);
        },
      });
      source = object.body.pipe(createGunzip()).on('error', (error) => guard.destroy(error));
      source = source.pipe(guard);
    }
    object.body.on('error', (error) => extract.destroy(error));
    source.on('error', (error) => extract.destroy(error));
    source.pipe(extract);
    const entries = extract[Symbol.asyncIterator]() as AsyncIterator<TarEntry>;
    return {
      entries,
      // Ends the entry being read too, with an error, rather than leaving it waiting.
      end: () => {
        extract.destroy(new Error('archive closed'));
        object.body.destroy();
      },
    };
  }

  async function scan(
    principal: Principal,
    path: string,
    { format, size }: OpenedArchive,
    maxRatio: number,
    visit: (entry: FsArchiveEntry) => boolean | Promise<boolean>,
  ): Promise<void> {
    if (format === 'zip') {
      const zip = await zipOf(principal, path, size);
      try {
        await eachZipEntry(zip, (entry) => {
          const name = entryName(entry);
          return visit({
            name,
            is_directory: name.endsWith('/'),
            size: entry.uncompressedSize,
            compressed_size: entry.compressedSize,
            modified: entry.getLastModDate().toISOString(),
            unsafe: escapesFolder(name) || isZipLink(entry),
          });
        });
      } finally {
        zip.close();
      }
      return;
    }
    const { entries, end } = await openTar(principal, path, format, maxRatio);
    try {
      for (let next = await entries.next(); !next.done; next = await entries.next()) {
        const { header } = next.value;
        const more = await visit({
          name: header.name,
          is_directory: header.type === 'directory',
          size: header.size ?? 0,
          compressed_size: null,
          modified: header.mtime ? header.mtime.toISOString() : null,
          // Links, and whatever is neither file nor folder (fifos, devices): never extracted.
          unsafe:
            escapesFolder(header.name) || (header.type !== 'file' && header.type !== 'directory'),
        });
        if (!more) break;
        next.value.resume();
      }
    } finally {
      end();
    }
  }

  function zipCursor(principal: Principal, path: string, size: number): ArchiveCursor {
    let opened: Promise<{ zip: yauzl.ZipFile; byName: Map<string, yauzl.Entry[]> }> | null = null;
    const index = async () => {
      const zip = await zipOf(principal, path, size);
      const byName = new Map<string, yauzl.Entry[]>();
      await eachZipEntry(zip, (entry) => {
        const name = entryName(entry);
        if (!name.endsWith('/') && !isZipLink(entry)) {
          byName.set(name, [...(byName.get(name) ?? []), entry]);
        }
        return true;
      }).catch((error: unknown) => {
        zip.close();
        throw error;
      });
      return { zip, byName };
    };
    return {
      async open(name) {
        opened ??= index();
        const { zip, byName } = await opened;
        const entry = byName.get(name)?.shift();
        if (!entry) return null;
        return { stream: await zipEntryStream(zip, entry), size: entry.uncompressedSize };
      },
      close() {
        opened?.then(({ zip }) => zip.close()).catch(() => {});
        opened = null;
      },
    };
  }

  function tarCursor(
    principal: Principal,
    path: string,
    format: OpenedArchive['format'],
  ): ArchiveCursor {
    let opened: Awaited<ReturnType<typeof openTar>> | null = null;
    const close = () => {
      opened?.end();
      opened = null;
    };
    /** The next file named `name` from where the tar stands; null at its end. */
    async function seek(name: string): Promise<TarEntry | null> {
      if (!opened) return null;
      for (let next = await opened.entries.next(); !next.done; next = await opened.entries.next()) {
        const entry = next.value;
        if (entry.header.name === name && entry.header.type === 'file') return entry;
        entry.resume();
      }
      return null;
    }
    const found = (entry: TarEntry) => ({
      stream: Readable.from(entry),
      size: entry.header.size ?? 0,
    });
    return {
      async open(name) {
        const ahead = await seek(name);
        if (ahead) return found(ahead);
        // Not ahead: the first open, or an entry behind (an item tried again). From the start.
        close();
        opened = await openTar(principal, path, format);
        const entry = await seek(name);
        return entry ? found(entry) : null;
      },
      close,
    };
  }

  return {
    scan,
    cursor: (principal: Principal, path: string, { format, size }: OpenedArchive) =>
      format === 'zip' ? zipCursor(principal, path, size) : tarCursor(principal, path, format),
  };
}
