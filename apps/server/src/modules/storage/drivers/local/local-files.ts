import { randomBytes } from 'node:crypto';
import {
  type BigIntStats,
  closeSync,
  createWriteStream,
  type Dirent,
  fstatSync,
  fsync,
  lstatSync,
  open,
  statSync,
  writeSync,
} from 'node:fs';
import { copyFile, lstat, mkdir, readdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { getMimeType } from 'hono/utils/mime';
import { currentProcess, type ProcessIdentity } from '../../../shared/process-identity';
import { assertValidKey } from '../driver-arguments';
import { compareKeys, type FolderDates } from '../fs-port';
import type { ObjectInfo } from '../storage-driver';
import { InvalidKeyError, StorageFullError } from '../storage-driver.errors';
import { WriteBehind } from './write-behind';

/** Top-level folders of the driver's own; no key may start with them, listings hide them. */
export const MULTIPART_FOLDER = '.multipart';
export const TEMP_FOLDER = '.tmp';
/** Stored files are the users' data: readable by the server's account only, like DATA_DIR. */
export const PRIVATE_FILE = 0o600;
export const PRIVATE_FOLDER = 0o700;
const RESERVED_FOLDERS = new Set([MULTIPART_FOLDER, TEMP_FOLDER]);

export function objectPath(root: string, key: string): string {
  assertValidKey(key);
  const segments = key.split('/');
  if (RESERVED_FOLDERS.has(segments[0] ?? '')) throw new InvalidKeyError(key, 'reserved');
  return join(root, ...segments);
}

export const errorCode = (error: unknown): string | undefined =>
  error instanceof Error && 'code' in error ? String(error.code) : undefined;

/** Codes meaning "no file there": missing, or a path component that is a file. */
const isOutOfSpace = (error: unknown) => ['ENOSPC', 'EDQUOT'].includes(errorCode(error) ?? '');

export const isMissing = (error: unknown) => {
  const code = errorCode(error);
  return code === 'ENOENT' || code === 'ENOTDIR';
};

/** From the extension, not a sidecar file, so the tree stays plain files an operator can copy. */
export const contentTypeOf = (key: string): string =>
  getMimeType(key) ?? 'application/octet-stream';

/** The ETag is size and nanosecond mtime: it changes on every write and needs no stored hash. */
export const infoFromStats = (key: string, stats: BigIntStats): ObjectInfo => ({
  key,
  size: Number(stats.size),
  etag: `${stats.size.toString(16)}-${stats.mtimeNs.toString(16)}`,
  lastModified: new Date(Number(stats.mtimeMs)),
  contentType: contentTypeOf(key),
});

/** Node reports a birth time of 0 where the file system keeps none. */
export function folderDatesOf(stats: BigIntStats): FolderDates {
  const lastModified = new Date(Number(stats.mtimeMs));
  const born = Number(stats.birthtimeMs);
  return { lastModified, created: born > 0 ? new Date(born) : lastModified };
}

export const folderFromStats = (stats: BigIntStats) =>
  stats.isDirectory() ? folderDatesOf(stats) : null;
export const objectFromStats = (key: string, stats: BigIntStats) =>
  stats.isFile() ? infoFromStats(key, stats) : null;

/** `lstat` or `stat` answering null when nothing is there. */
export async function statsAt(path: string, follow: boolean): Promise<BigIntStats | null> {
  try {
    return await (follow ? stat : lstat)(path, { bigint: true });
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/** `statsAt` made in the calling thread (`createLocalStats` says when). */
export function statsAtSync(path: string, follow: boolean): BigIntStats | null {
  try {
    // No ENOENT error: its stack trace cost more than the stat (a new file's PUT stats twice).
    return (follow ? statSync : lstatSync)(path, { bigint: true, throwIfNoEntry: false }) ?? null;
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

export async function objectInfo(key: string, path: string): Promise<ObjectInfo | null> {
  const stats = await statsAt(path, true);
  return stats && objectFromStats(key, stats);
}

/** Names start with the writing process's id and `~`, so the sweep can tell orphans. */
const tempPathIn = (workRoot: string) =>
  join(workRoot, TEMP_FOLDER, `${currentProcess.id}~${randomBytes(12).toString('hex')}`);

/** A fresh temp path, its folder made (for a copy, which cannot tell which path was missing). */
export async function newTempPath(workRoot: string): Promise<string> {
  await mkdir(join(workRoot, TEMP_FOLDER), { recursive: true, mode: PRIVATE_FOLDER });
  return tempPathIn(workRoot);
}

/** `open` answering a descriptor as a promise (the temp files and the reads open by descriptor). */
export const openFd = promisify(open);

/** The folder is made only on ENOENT: an EEXIST `mkdir` on every upload is a wasted trip. */
async function openTempFile(workRoot: string): Promise<{ path: string; fd: number }> {
  const path = tempPathIn(workRoot);
  const openNew = () => openFd(path, 'wx', PRIVATE_FILE);
  try {
    return { path, fd: await openNew() };
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
  await mkdir(dirname(path), { recursive: true, mode: PRIVATE_FOLDER });
  return { path, fd: await openNew() };
}

/** The process that writes the temp file `name`; null for a name of an older version. */
const writerOf = (name: string): string | null => {
  const cut = name.lastIndexOf('~');
  return cut > 0 ? name.slice(0, cut) : null;
};

/**
 * Temp files of a dead writer go at any age; others once idle since `idleSince` (a file still
 * being written keeps a recent mtime, however long its upload runs).
 */
export async function removeStaleTempFiles(
  workRoot: string,
  idleSince: Date,
  owners: Pick<ProcessIdentity, 'stateOf'> = currentProcess,
): Promise<number> {
  const folder = join(workRoot, TEMP_FOLDER);
  let names: string[];
  try {
    names = await readdir(folder);
  } catch (error) {
    if (isMissing(error)) return 0;
    throw error;
  }
  let removed = 0;
  for (const name of names) {
    const path = join(folder, name);
    try {
      const writer = writerOf(name);
      const writerGone = writer !== null && owners.stateOf(writer) === 'gone';
      if (!writerGone && (await stat(path)).mtimeMs >= idleSince.getTime()) continue;
      await rm(path, { force: true });
      removed++;
    } catch (error) {
      // Renamed into place (or removed) since the listing: nothing left to sweep.
      if (!isMissing(error)) throw error;
    }
  }
  return removed;
}

/** Chunks arriving mid-write go out in one `writev` (network bodies come in 16 to 64 KiB). */
const WRITE_BUFFER_BYTES = 1024 * 1024;

/** Flushed to disk as written and once more at the end; on failure nothing is left behind. */
export async function writeTempFile(
  workRoot: string,
  source: Readable,
  ...transforms: Transform[]
): Promise<string> {
  let temp: string;
  let fd: number;
  try {
    ({ path: temp, fd } = await openTempFile(workRoot));
  } catch (error) {
    // What the pipeline did when it failed to open its file: the body is let go.
    source.destroy();
    throw isOutOfSpace(error) ? new StorageFullError({ cause: error }) : error;
  }
  try {
    const file = createWriteStream(temp, { fd, flush: true, highWaterMark: WRITE_BUFFER_BYTES });
    await pipeline([source, ...transforms, new WriteBehind(file), file]);
    return temp;
  } catch (error) {
    await rm(temp, { force: true });
    throw isOutOfSpace(error) ? new StorageFullError({ cause: error }) : error;
  }
}

const flushFd = promisify(fsync);

/**
 * Only the fsync goes to the thread pool: writing a few KiB, fstat and close take microseconds,
 * less than a pool hand-off each (bench/RESULTS.md, issue 29).
 */
export async function writeSmallTempFile(
  workRoot: string,
  bytes: Buffer,
): Promise<{ path: string; stats: BigIntStats }> {
  const { path, fd } = await openTempFile(workRoot).catch((error: unknown) => {
    throw isOutOfSpace(error) ? new StorageFullError({ cause: error }) : error;
  });
  try {
    for (let written = 0; written < bytes.length; ) {
      written += writeSync(fd, bytes, written, bytes.length - written);
    }
    await flushFd(fd);
    const stats = fstatSync(fd, { bigint: true });
    closeSync(fd);
    return { path, stats };
  } catch (error) {
    try {
      closeSync(fd);
    } catch {}
    await rm(path, { force: true });
    throw isOutOfSpace(error) ? new StorageFullError({ cause: error }) : error;
  }
}

/**
 * One rename, so readers never see a partial file; parents made only on ENOENT, retried when a
 * concurrent delete prunes them between our mkdir and the rename.
 */
export async function publishFile(
  temp: string,
  target: string,
  key: string,
): Promise<'renamed' | 'copied'> {
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        return await renameAcrossDevices(temp, target);
      } catch (error) {
        if (errorCode(error) !== 'ENOENT' || attempt === 4) throw error;
      }
      try {
        await mkdir(dirname(target), { recursive: true, mode: PRIVATE_FOLDER });
      } catch (error) {
        // A recursive mkdir fails with ENOENT too when the delete removes a level it just made.
        if (errorCode(error) !== 'ENOENT') throw error;
      }
    }
  } catch (error) {
    await rm(temp, { force: true });
    // A file cannot share its name with a folder (S3 allows `a` and `a/b` side by side).
    const code = errorCode(error);
    if (code === 'EEXIST' || code === 'ENOTDIR' || code === 'EISDIR') {
      throw new InvalidKeyError(key, 'path_conflict');
    }
    if (code === 'ENAMETOOLONG') throw new InvalidKeyError(key, 'too_long');
    throw error;
  }
}

/** Copied next to the target under a hidden name first, so the last step is still one rename. */
async function renameAcrossDevices(temp: string, target: string): Promise<'renamed' | 'copied'> {
  try {
    await rename(temp, target);
    return 'renamed';
  } catch (error) {
    if (errorCode(error) !== 'EXDEV') throw error;
    const sibling = join(dirname(target), `.sharebin-${randomBytes(8).toString('hex')}.part`);
    try {
      await copyFile(temp, sibling);
      await rename(sibling, target);
    } catch (copyError) {
      await rm(sibling, { force: true });
      throw copyError;
    }
    await rm(temp, { force: true });
    return 'copied';
  }
}

/** Folders exist only to hold objects, as on S3: emptied ones go, up to the root. */
export async function removeEmptyParents(root: string, key: string): Promise<void> {
  const segments = key.split('/').slice(0, -1);
  while (segments.length > 0) {
    try {
      await rmdir(join(root, ...segments));
    } catch {
      return; // not empty (or already gone): the folders above are not empty either
    }
    segments.pop();
  }
}

export { compareKeys };

export type ListEntry = { kind: 'object'; key: string } | { kind: 'prefix'; prefix: string };

/** Folders sort as `name/`, so a depth-first walk yields keys in S3 byte order (`a-b` < `a/x`). */
export async function* walkKeys({
  root,
  prefix,
  delimiter,
  after,
}: {
  root: string;
  prefix: string;
  delimiter: boolean;
  after: string | undefined;
}): AsyncGenerator<ListEntry> {
  const isAfterCursor = (value: string) => after === undefined || compareKeys(value, after) > 0;

  async function* walkFolder(folderKey: string): AsyncGenerator<ListEntry> {
    let dirents: Dirent[];
    try {
      dirents = await readdir(join(root, folderKey), { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    const entries = dirents
      .filter((dirent) => !(folderKey === '' && RESERVED_FOLDERS.has(dirent.name)))
      // Symlinks and special files are not objects: listings show regular files and folders.
      .filter((dirent) => dirent.isFile() || dirent.isDirectory())
      .map((dirent) => ({
        isFolder: dirent.isDirectory(),
        key: folderKey + dirent.name + (dirent.isDirectory() ? '/' : ''),
      }))
      .sort((a, b) => compareKeys(a.key, b.key));

    for (const entry of entries) {
      if (!entry.isFolder) {
        if (entry.key.startsWith(prefix) && isAfterCursor(entry.key)) {
          yield { kind: 'object', key: entry.key };
        }
        continue;
      }
      const folder = entry.key;
      if (delimiter && folder.startsWith(prefix) && folder.length > prefix.length) {
        // Its own trailing slash is the first past the prefix: it is the common prefix.
        if (isAfterCursor(folder)) yield { kind: 'prefix', prefix: folder };
        continue;
      }
      const intersectsPrefix = folder.startsWith(prefix) || prefix.startsWith(folder);
      const allBeforeCursor =
        after !== undefined && compareKeys(folder, after) < 0 && !after.startsWith(folder);
      if (intersectsPrefix && !allBeforeCursor) yield* walkFolder(folder);
    }
  }

  yield* walkFolder('');
}
