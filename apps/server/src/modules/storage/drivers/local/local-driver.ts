import { constants } from 'node:fs';
import { copyFile, unlink } from 'node:fs/promises';
import { resolve } from 'node:path';
import { Readable } from 'node:stream';
import { type Clock, systemClock } from '../../../shared/clock';
import { ByteMeter } from '../byte-meter';
import {
  assertContentLength,
  assertExpiry,
  assertPartNumber,
  assertRange,
  assertValidPrefix,
  discardBody,
  listLimit,
} from '../driver-arguments';
import type { ListResult, ObjectInfo, StorageDriver } from '../storage-driver';
import { ObjectNotFoundError, RangeNotSatisfiableError } from '../storage-driver.errors';
import {
  containedPath,
  errorCode,
  infoFromStats,
  isFolder,
  isMissing,
  type ListEntry,
  newTempPath,
  objectInfo,
  objectPath,
  publishFile,
  removeEmptyParents,
  removeStaleTempFiles,
  walkKeys,
  writablePath,
  writeTempFile,
} from './local-files';
import { createLocalFs } from './local-fs';
import { createLocalMultipart } from './local-multipart';
import { closeRead, openForRead, readBytesOf, readStreamOf } from './local-reads';
import { buildLocalSignedUrl, type LocalSignedFields, type UrlSigner } from './local-signed-url';
import { ResumableListings } from './resumable-listings';

/** Reads in 256 KiB pieces: downloads go about twice as fast as with 64 KiB (bench/uploads.ts). */
const READ_CHUNK_BYTES = 256 * 1024;
/**
 * Reads up to this size are done at once, the file closed before they are answered: a zip of
 * 100,000 small files made a stream, its state and its iterator for each (bench/RESULTS.md).
 */
const SMALL_READ_BYTES = 64 * 1024;
/** Files of a listing page stat'ed at once. */
const STAT_BATCH = 64;

/** A listed object: no Content-Type in listings. Field by field, as `fileEntry` says why. */
const listed = ({ key, size, etag, lastModified }: ObjectInfo): ObjectInfo => ({
  key,
  size,
  etag,
  lastModified,
  contentType: null,
});

export interface LocalDriverOptions {
  /** Folder holding the objects, one file per key (created as needed). */
  root: string;
  signer: UrlSigner;
  /** Where the signed-URL route is mounted, e.g. `/api/storage/local/<configId>`. */
  publicPath: string;
  clock?: Clock;
  /**
   * Where the driver's own `.tmp` and `.multipart` folders live; the root unless set. A host
   * folder sets one under DATA_DIR, so that nothing of ours appears in the served tree.
   */
  workRoot?: string;
  /** The root is a host folder chosen by the admin (a capability callers may show). */
  hostFolder?: boolean;
}

/**
 * Objects are plain files under `root` (key `a/b.txt` is `<root>/a/b.txt`), written to
 * `<workRoot>/.tmp` and renamed into place. No path leads out of the root through a symbolic
 * link: reads find nothing there, writes are refused (`outside_root`). No sidecar files: the content type comes from the
 * extension and the ETag from size and mtime. Presigned URLs point at our own signed-URL route.
 */
export function createLocalDriver({
  root: givenRoot,
  signer,
  publicPath,
  clock = systemClock,
  workRoot: givenWorkRoot,
  hostFolder = false,
}: LocalDriverOptions): StorageDriver {
  const root = resolve(givenRoot);
  const workRoot = givenWorkRoot ? resolve(givenWorkRoot) : root;
  const multipart = createLocalMultipart({ root, workRoot, clock });
  const listings = new ResumableListings(clock);

  const signedUrl = (
    op: 'get' | 'put' | 'part',
    fields: LocalSignedFields,
    expiresInSeconds: number,
  ) => {
    assertExpiry(expiresInSeconds);
    const expiresAtSeconds = Math.floor(clock.now() / 1000) + expiresInSeconds;
    return buildLocalSignedUrl({ signer, publicPath, op, fields, expiresAtSeconds });
  };

  async function deleteObject(key: string): Promise<void> {
    const path = await containedPath(root, key);
    if (path === null) return; // through a link out of the root: not ours to delete
    try {
      await unlink(path);
    } catch (error) {
      // Missing, or a folder rather than an object: either way there is nothing to delete.
      const code = errorCode(error);
      if (isMissing(error) || code === 'EISDIR' || code === 'EPERM') return;
      throw error;
    }
    await removeEmptyParents(root, key);
  }

  const driver: StorageDriver = {
    capabilities: {
      presign: true,
      directUrls: false,
      multipart: true,
      serverSideCopy: true,
      networkListings: false,
      hostFolder,
      readOnly: false,
    },

    async put(key, body, { contentLength, maxLength } = {}) {
      let target: string;
      try {
        target = await writablePath(root, key);
        assertContentLength(contentLength);
      } catch (error) {
        discardBody(body);
        throw error;
      }
      const meter = new ByteMeter(contentLength, undefined, maxLength);
      await publishFile(await writeTempFile(workRoot, body, meter), target, key);
      const info = await objectInfo(key, target);
      return { etag: info?.etag ?? null, size: meter.bytes };
    },

    async get(key, { range } = {}) {
      const path = await containedPath(root, key);
      if (range) assertRange(range);
      if (path === null) throw new ObjectNotFoundError(key);
      // Everything comes from one open descriptor: a concurrent replace (a rename) cannot make
      // the size, the ETag and the bytes describe different versions.
      const opened = await openForRead(path);
      if (!opened) throw new ObjectNotFoundError(key);
      const { fd, stats } = opened;
      const info = infoFromStats(key, stats);
      const size = info.size;
      const notServed = !stats.isFile()
        ? new ObjectNotFoundError(key)
        : range && range.start >= size
          ? new RangeNotSatisfiableError(key, size)
          : null;
      if (notServed) {
        await closeRead(fd);
        throw notServed;
      }
      // Read up to the size stated, never past it: the bytes match the info (a file appended to
      // meanwhile does not overrun its Content-Length), and the stream allocates no more than a
      // small file holds (without an end, each read takes a 256 KiB buffer and copies out of it).
      const start = range?.start ?? 0;
      const end = Math.min(range?.end ?? size - 1, size - 1);
      const served = range ? { range: { start, end, total: size } } : {};
      const length = Math.max(end + 1 - start, 0);
      if (length <= SMALL_READ_BYTES) {
        const bytes = await readBytesOf(fd, start, length);
        return { body: Readable.from([bytes], { objectMode: false }), bytes, info, ...served };
      }
      const body = readStreamOf(fd, { start, end, highWaterMark: READ_CHUNK_BYTES });
      return { body, info, ...served };
    },

    async head(key) {
      const path = await containedPath(root, key);
      return path === null ? null : objectInfo(key, path);
    },

    delete: async (key) => deleteObject(key),

    async deleteMany(keys) {
      for (const key of keys) objectPath(root, key);
      for (const key of keys) await deleteObject(key);
    },

    async list(prefix, { cursor, limit, delimiter = false } = {}) {
      assertValidPrefix(prefix);
      const pageSize = listLimit(limit);
      const page: ListResult = { objects: [], prefixes: [], nextCursor: null };
      const keys: { kind: 'prefix' | 'object'; key: string }[] = [];
      const resumed = cursor === undefined ? undefined : listings.take(prefix, delimiter, cursor);
      const walk = resumed?.walk ?? walkKeys({ root, prefix, delimiter, after: cursor });
      let entry: ListEntry | undefined = resumed?.first ?? (await walk.next()).value;
      for (; entry; entry = (await walk.next()).value) {
        if (keys.length === pageSize) {
          // One entry beyond the page exists, so there is a next page, which starts with it.
          const nextCursor = keys.at(-1)?.key as string;
          page.nextCursor = nextCursor;
          listings.keep(prefix, delimiter, nextCursor, walk, entry);
          break;
        }
        keys.push(entry.kind === 'prefix' ? { kind: 'prefix', key: entry.prefix } : entry);
      }
      // The files of a page are stat'ed STAT_BATCH at a time, not one after another: a
      // 10,000-entry folder is ten pages of a thousand stats each. A resumed page's folders are
      // looked at too: they were read when the listing began.
      const stillThere = (key: string) =>
        resumed ? isFolder(objectPath(root, key.slice(0, -1))) : true;
      for (let start = 0; start < keys.length; start += STAT_BATCH) {
        const batch = keys.slice(start, start + STAT_BATCH);
        const infos = await Promise.all(
          batch.map((entry) =>
            entry.kind === 'object'
              ? objectInfo(entry.key, objectPath(root, entry.key))
              : stillThere(entry.key),
          ),
        );
        batch.forEach((entry, i) => {
          // A file or folder deleted since its folder was read is left out.
          if (!infos[i]) return;
          if (entry.kind === 'prefix') page.prefixes.push(entry.key);
          else page.objects.push(listed(infos[i] as ObjectInfo));
        });
      }
      return page;
    },

    async copy(sourceKey, targetKey) {
      const source = await containedPath(root, sourceKey);
      const target = await writablePath(root, targetKey);
      if (source === null) throw new ObjectNotFoundError(sourceKey);
      const temp = await newTempPath(workRoot);
      try {
        // A reflink where the filesystem offers one, a plain copy elsewhere.
        await copyFile(source, temp, constants.COPYFILE_FICLONE);
      } catch (error) {
        const code = errorCode(error);
        if (isMissing(error) || code === 'EISDIR') throw new ObjectNotFoundError(sourceKey);
        throw error;
      }
      await publishFile(temp, target, targetKey);
    },

    async presignPut(key, { contentType, contentLength, maxLength, expiresInSeconds }) {
      objectPath(root, key);
      assertContentLength(contentLength);
      const url = signedUrl(
        'put',
        { key, contentType, contentLength, ...(contentLength === undefined ? { maxLength } : {}) },
        expiresInSeconds,
      );
      const headers: Record<string, string> = contentType ? { 'Content-Type': contentType } : {};
      return { url, headers };
    },

    async presignGet(key, { expiresInSeconds, downloadName, contentType, inline }) {
      objectPath(root, key);
      return signedUrl('get', { key, downloadName, contentType, inline }, expiresInSeconds);
    },

    createMultipart: async (key) => multipart.create(key),

    async presignPart(key, uploadId, partNumber, expiresInSeconds, contentLength) {
      objectPath(root, key);
      assertPartNumber(partNumber);
      assertContentLength(contentLength);
      return signedUrl('part', { key, uploadId, partNumber, contentLength }, expiresInSeconds);
    },

    async uploadPart(key, uploadId, partNumber, body, contentLength) {
      try {
        assertPartNumber(partNumber);
        assertContentLength(contentLength);
      } catch (error) {
        discardBody(body);
        throw error;
      }
      return multipart.uploadPart(key, uploadId, partNumber, body, contentLength);
    },

    listParts: async (key, uploadId) => multipart.listParts(key, uploadId),
    completeMultipart: async (key, uploadId, parts) => multipart.complete(key, uploadId, parts),
    abortMultipart: async (key, uploadId) => multipart.abort(key, uploadId),

    async listMultipartUploads(prefix = '') {
      assertValidPrefix(prefix);
      return multipart.list(prefix);
    },

    removeStaleTemporaryFiles: (idleSince) => removeStaleTempFiles(workRoot, idleSince),

    async close() {},

    ...createLocalFs(root, () => driver),
  };
  return driver;
}
