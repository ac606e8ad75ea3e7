import { type BigIntStats, constants } from 'node:fs';
import { copyFile, stat, unlink } from 'node:fs/promises';
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
} from '../driver-arguments';
import type { StorageDriver } from '../storage-driver';
import {
  ObjectNotFoundError,
  ObjectTooLargeError,
  RangeNotSatisfiableError,
} from '../storage-driver.errors';
import { readWholeBody, WHOLE_BODY_MAX_BYTES } from '../whole-body';
import { createContainment } from './local-containment';
import {
  errorCode,
  infoFromStats,
  isMissing,
  newTempPath,
  objectInfo,
  objectPath,
  publishFile,
  removeEmptyParents,
  removeStaleTempFiles,
  writeSmallTempFile,
  writeTempFile,
} from './local-files';
import { createLocalFs } from './local-fs';
import { createLocalListing } from './local-listing';
import { createLocalMultipart } from './local-multipart';
import {
  closeRead,
  FileRangeStream,
  openContained,
  readBytesInLoop,
  readBytesOf,
} from './local-reads';
import { buildLocalSignedUrl, type LocalSignedFields, type UrlSigner } from './local-signed-url';
import { createLocalStats } from './local-stats';

/** Reads in 256 KiB pieces: downloads go about twice as fast as with 64 KiB (bench/suites/uploads.ts). */
const READ_CHUNK_BYTES = 256 * 1024;
/** Read at once, no stream: a zip of 100,000 small files made a stream each (bench/RESULTS.md). */
const SMALL_READ_BYTES = 64 * 1024;
export interface LocalDriverOptions {
  /** Folder holding the objects, one file per key (created as needed). */
  root: string;
  signer: UrlSigner;
  /** Where the signed-URL route is mounted, e.g. `/api/storage/local/<configId>`. */
  publicPath: string;
  clock?: Clock;
  /** A host folder sets one under DATA_DIR so nothing of ours appears in the served tree. */
  workRoot?: string;
  /** The root is a host folder chosen by the admin (a capability callers may show). */
  hostFolder?: boolean;
}

// No path leads out of the root through a symlink: reads find nothing, writes get `outside_root`.

/** A cross-device copy has its own mtime, so its ETag is not the temp file's. */
async function publishedEtag(
  temp: string,
  stats: BigIntStats,
  target: string,
  key: string,
): Promise<string | null> {
  if ((await publishFile(temp, target, key)) === 'renamed') return infoFromStats(key, stats).etag;
  return (await objectInfo(key, target))?.etag ?? null;
}

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
  const localStats = createLocalStats(root);
  const containment = createContainment(root, localStats);
  const multipart = createLocalMultipart({ root, workRoot, containment, clock });
  const listPage = createLocalListing(root, localStats, clock);

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
    const path = await containment.contained(key);
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
        target = await containment.writable(key);
        assertContentLength(contentLength);
      } catch (error) {
        discardBody(body);
        throw error;
      }
      if (contentLength !== undefined && contentLength <= WHOLE_BODY_MAX_BYTES) {
        if (maxLength !== undefined && contentLength > maxLength) {
          discardBody(body);
          throw new ObjectTooLargeError(maxLength);
        }
        const bytes = await readWholeBody(body, contentLength);
        const small = await writeSmallTempFile(workRoot, bytes);
        const etag = await publishedEtag(small.path, small.stats, target, key);
        return { etag, size: bytes.length };
      }
      const meter = new ByteMeter(contentLength, undefined, maxLength);
      const temp = await writeTempFile(workRoot, body, meter);
      // The temp file's own stats: after the rename, the path may already hold another write's.
      const stats = await stat(temp, { bigint: true });
      return { etag: await publishedEtag(temp, stats, target, key), size: meter.bytes };
    },

    async get(key, { range } = {}) {
      const path = objectPath(root, key);
      if (range) assertRange(range);
      // One descriptor, so a concurrent rename cannot mix versions of size, ETag and bytes.
      const inLoop = await localStats.inLoop();
      const opened = await openContained(containment, key, path, inLoop);
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
      // Bounded by the stated size: an appended file cannot overrun its Content-Length, and
      // without an end each read takes a 256 KiB buffer.
      const start = range?.start ?? 0;
      const end = Math.min(range?.end ?? size - 1, size - 1);
      const served = range ? { range: { start, end, total: size } } : {};
      const length = Math.max(end + 1 - start, 0);
      if (length <= SMALL_READ_BYTES) {
        const bytes = inLoop
          ? readBytesInLoop(fd, start, length)
          : await readBytesOf(fd, start, length);
        return { body: Readable.from([bytes], { objectMode: false }), bytes, info, ...served };
      }
      const body = new FileRangeStream(fd, { start, end, highWaterMark: READ_CHUNK_BYTES });
      return { body, info, ...served };
    },

    async head(key) {
      const stats = (await containment.locate(key))?.stats;
      return stats?.isFile() ? infoFromStats(key, stats) : null;
    },

    delete: async (key) => deleteObject(key),

    async deleteMany(keys) {
      for (const key of keys) objectPath(root, key);
      for (const key of keys) await deleteObject(key);
    },

    async list(prefix, options) {
      const { folderDates: _, ...page } = await listPage(prefix, options);
      return page;
    },

    async copy(sourceKey, targetKey) {
      const source = await containment.contained(sourceKey);
      const target = await containment.writable(targetKey);
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

    ...createLocalFs({ root, containment, listPage, self: () => driver }),
  };
  return driver;
}
