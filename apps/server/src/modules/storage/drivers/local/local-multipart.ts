import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { Clock } from '../../../shared/clock';
import { ByteMeter } from '../byte-meter';
import { discardBody, sortedParts, stripQuotes } from '../driver-arguments';
import type { PendingMultipartUpload, UploadedPart } from '../storage-driver';
import { MultipartError } from '../storage-driver.errors';
import type { Containment } from './local-containment';
import {
  compareKeys,
  errorCode,
  isMissing,
  MULTIPART_FOLDER,
  objectInfo,
  objectPath,
  PRIVATE_FILE,
  PRIVATE_FOLDER,
  publishFile,
  writeTempFile,
} from './local-files';

/** As on S3: every part but the last must have at least 5 MiB. */
export const MIN_PART_SIZE = 5 * 1024 * 1024;

const UPLOAD_ID = /^[0-9a-f]{32}$/;
/** `<partNumber>.<md5 hex>`: the ETag lives in the name, so no second file can disagree. */
const PART_FILE = /^([0-9]{1,5})\.([0-9a-f]{32})$/;
const MANIFEST = 'upload.json';

interface Manifest {
  key: string;
  initiated: string;
}

/**
 * Multipart uploads under `<workRoot>/.multipart/<uploadId>/`: `upload.json` (key and start
 * time) and one file per uploaded part. Part data is written to `<workRoot>/.tmp` first and renamed
 * in, so the folder never holds a partial part and removing it (abort) races with nothing.
 */
export function createLocalMultipart({
  root,
  workRoot,
  containment,
  clock,
}: {
  root: string;
  workRoot: string;
  containment: Containment;
  clock: Clock;
}) {
  const uploadsFolder = join(workRoot, MULTIPART_FOLDER);
  const notFound = () => new MultipartError('upload_not_found', 'No such multipart upload');

  async function readManifest(uploadId: string): Promise<Manifest | null> {
    if (!UPLOAD_ID.test(uploadId)) return null;
    try {
      return JSON.parse(await readFile(join(uploadsFolder, uploadId, MANIFEST), 'utf8'));
    } catch (error) {
      if (isMissing(error) || error instanceof SyntaxError) return null;
      throw error;
    }
  }

  /** The upload's folder, provided the upload exists and belongs to `key`. */
  async function uploadFolder(key: string, uploadId: string): Promise<string> {
    objectPath(root, key);
    const manifest = await readManifest(uploadId);
    if (manifest?.key !== key) throw notFound();
    return join(uploadsFolder, uploadId);
  }

  /** The newest file of each part number: a re-uploaded part replaces the earlier one. */
  async function partFiles(folder: string): Promise<(UploadedPart & { path: string })[]> {
    const newest = new Map<number, UploadedPart & { path: string; mtimeNs: bigint }>();
    for (const name of await readdir(folder)) {
      const match = PART_FILE.exec(name);
      if (!match) continue;
      const path = join(folder, name);
      const stats = await stat(path, { bigint: true });
      const part = {
        partNumber: Number(match[1]),
        etag: match[2] ?? '',
        size: Number(stats.size),
        path,
        mtimeNs: stats.mtimeNs,
      };
      const current = newest.get(part.partNumber);
      if (!current || current.mtimeNs < part.mtimeNs) newest.set(part.partNumber, part);
    }
    return [...newest.values()]
      .sort((a, b) => a.partNumber - b.partNumber)
      .map(({ mtimeNs: _, ...part }) => part);
  }

  return {
    async create(key: string): Promise<{ uploadId: string }> {
      objectPath(root, key);
      const uploadId = randomBytes(16).toString('hex');
      // Prepared under a name listings skip, then renamed: an upload appears with its manifest.
      const staging = join(uploadsFolder, `.new-${uploadId}`);
      await mkdir(staging, { recursive: true, mode: PRIVATE_FOLDER });
      const manifest: Manifest = { key, initiated: new Date(clock.now()).toISOString() };
      await writeFile(join(staging, MANIFEST), JSON.stringify(manifest), { mode: PRIVATE_FILE });
      await rename(staging, join(uploadsFolder, uploadId));
      return { uploadId };
    },

    async uploadPart(
      key: string,
      uploadId: string,
      partNumber: number,
      body: Readable,
      contentLength?: number,
    ): Promise<{ etag: string }> {
      const folder = await uploadFolder(key, uploadId).catch((error) => {
        discardBody(body);
        throw error;
      });
      const meter = new ByteMeter(contentLength, 'md5');
      const temp = await writeTempFile(workRoot, body, meter);
      const etag = meter.digestHex();
      try {
        // Earlier uploads of this part go first: two uploads in one tick of the file system's
        // clock have the same mtime, which then could not tell the newest (partFiles).
        for (const name of await readdir(folder)) {
          const older = PART_FILE.exec(name);
          if (older && Number(older[1]) === partNumber && older[2] !== etag) {
            await rm(join(folder, name), { force: true });
          }
        }
        await rename(temp, join(folder, `${partNumber}.${etag}`));
      } catch (error) {
        await rm(temp, { force: true });
        throw isMissing(error) ? notFound() : error;
      }
      return { etag };
    },

    async listParts(key: string, uploadId: string): Promise<UploadedPart[]> {
      const folder = await uploadFolder(key, uploadId);
      return (await partFiles(folder)).map(({ path: _, ...part }) => part);
    },

    async complete(
      key: string,
      uploadId: string,
      parts: { partNumber: number; etag: string }[],
    ): Promise<{ etag: string | null }> {
      const target = await containment.writable(key);
      const folder = await uploadFolder(key, uploadId);
      const ordered = sortedParts(parts);
      const uploaded = new Map((await partFiles(folder)).map((part) => [part.partNumber, part]));
      const files = ordered.map((part, index) => {
        const found = uploaded.get(part.partNumber);
        if (found?.etag !== stripQuotes(part.etag).toLowerCase()) {
          throw new MultipartError(
            'invalid_part',
            `Part ${part.partNumber} was not uploaded or its ETag does not match`,
          );
        }
        if (index < ordered.length - 1 && found.size < MIN_PART_SIZE) {
          throw new MultipartError(
            'part_too_small',
            `Part ${part.partNumber} has ${found.size} bytes; all but the last need 5 MiB`,
          );
        }
        return found.path;
      });

      async function* concatenated() {
        for (const file of files) yield* createReadStream(file);
      }
      let temp: string;
      try {
        temp = await writeTempFile(workRoot, Readable.from(concatenated()));
      } catch (error) {
        // A concurrent abort removed the parts while we were reading them.
        throw isMissing(error) ? notFound() : error;
      }
      await publishFile(temp, target, key);
      await rm(folder, { recursive: true, force: true, maxRetries: 3 });
      return { etag: (await objectInfo(key, target))?.etag ?? null };
    },

    async abort(key: string, uploadId: string): Promise<void> {
      objectPath(root, key);
      const manifest = await readManifest(uploadId);
      // Unknown, finished or someone else's upload: nothing to do, as S3 answers NoSuchUpload.
      if (manifest?.key !== key) return;
      await rm(join(uploadsFolder, uploadId), { recursive: true, force: true, maxRetries: 3 });
    },

    async list(prefix: string): Promise<PendingMultipartUpload[]> {
      let names: string[];
      try {
        names = await readdir(uploadsFolder);
      } catch (error) {
        if (errorCode(error) === 'ENOENT') return [];
        throw error;
      }
      const uploads: PendingMultipartUpload[] = [];
      for (const uploadId of names) {
        const manifest = await readManifest(uploadId);
        if (!manifest?.key.startsWith(prefix)) continue;
        uploads.push({ key: manifest.key, uploadId, initiated: new Date(manifest.initiated) });
      }
      return uploads.sort(
        (a, b) => compareKeys(a.key, b.key) || Number(a.initiated) - Number(b.initiated),
      );
    },
  };
}
