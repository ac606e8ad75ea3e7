import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { MULTIPART_CHUNK_SIZE } from '@sharebin/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeFsPort } from './fs-port.contract';
import type { StorageDriver } from './storage-driver';
import {
  InvalidArgumentError,
  InvalidKeyError,
  MultipartError,
  ObjectNotFoundError,
  RangeNotSatisfiableError,
} from './storage-driver.errors';

/** One driver under test, with the way a browser would reach its presigned URLs. */
export interface DriverUnderTest {
  driver: StorageDriver;
  /** S3: plain `fetch`. Local: the request run through the signed-URL route's steps. */
  fetchPresigned(url: string, init?: RequestInit): Promise<Response>;
  cleanup(): Promise<void>;
  /**
   * s3rver keeps whatever arrived when a client gives up mid-body; S3 and MinIO discard a
   * request whose body ends before its Content-Length.
   */
  storesTruncatedBodies?: boolean;
}

const MiB = 1024 * 1024;
const EXPIRES = 300;

/**
 * Deterministic pseudo-random bytes (xorshift32), generated chunk by chunk, so large bodies
 * never exist whole in memory and every byte value occurs.
 */
export function generatedStream(size: number, seed: number, chunkSize = 64 * 1024): Readable {
  return Readable.from(generatedChunks(size, seed, chunkSize));
}

function* generatedChunks(size: number, seed: number, chunkSize: number): Generator<Buffer> {
  let state = seed || 1;
  for (let offset = 0; offset < size; offset += chunkSize) {
    const chunk = Buffer.allocUnsafe(Math.min(chunkSize, size - offset));
    for (let i = 0; i < chunk.length; i++) {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      chunk[i] = state & 0xff;
    }
    yield chunk;
  }
}

export const generatedBuffer = (size: number, seed: number) =>
  Buffer.concat([...generatedChunks(size, seed, size || 1)]);

export async function sha256Of(
  stream: AsyncIterable<Buffer | Uint8Array> | Iterable<Buffer>,
): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk);
  return hash.digest('hex');
}

export const sha256OfGenerated = (size: number, seed: number) =>
  sha256Of(generatedChunks(size, seed, 64 * 1024));

const sha256Hex = (...buffers: Buffer[]) => {
  const hash = createHash('sha256');
  for (const buffer of buffers) hash.update(buffer);
  return hash.digest('hex');
};

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const bodyOf = (bytes: Buffer | string) => Readable.from([Buffer.from(bytes)]);

/**
 * The behaviour every storage driver promises, run against each implementation. Each test
 * works under a folder of its own in one storage set up for the suite.
 */
export function runStorageDriverContract(
  name: string,
  makeDriver: () => Promise<DriverUnderTest>,
): void {
  describe(`storage driver contract: ${name}`, () => {
    let subject: DriverUnderTest;
    let driver: StorageDriver;

    beforeAll(async () => {
      subject = await makeDriver();
      driver = subject.driver;
    }, 30_000);
    afterAll(() => subject?.cleanup());

    async function putBytes(key: string, bytes: Buffer | string, contentType?: string) {
      const buffer = Buffer.from(bytes);
      return driver.put(key, bodyOf(buffer), { contentType, contentLength: buffer.length });
    }

    const getBytes = async (key: string) => readAll((await driver.get(key)).body);

    describe('put, get and head', () => {
      it('round-trips every byte value and reports the object', async () => {
        const bytes = Buffer.from(Array.from({ length: 1024 }, (_, i) => (i * 7) % 256));
        const stored = await putBytes('binary/all-bytes.bin', bytes, 'application/octet-stream');
        expect(stored.size).toBe(bytes.length);
        expect(stored.etag).toBeTruthy();
        expect(stored.etag).not.toContain('"');

        const { body, info, range } = await driver.get('binary/all-bytes.bin');
        expect(sha256Hex(await readAll(body))).toBe(sha256Hex(bytes));
        expect(range).toBeUndefined();
        expect(info).toMatchObject({ key: 'binary/all-bytes.bin', size: 1024, etag: stored.etag });
        expect(info.lastModified).toBeInstanceOf(Date);

        const head = await driver.head('binary/all-bytes.bin');
        expect(head).toMatchObject({ key: 'binary/all-bytes.bin', size: 1024, etag: stored.etag });
        expect(head?.contentType).toBe('application/octet-stream');
      });

      it('reports the content type of a typed upload', async () => {
        await putBytes('typed/notes.txt', 'some notes', 'text/plain');
        expect((await driver.head('typed/notes.txt'))?.contentType).toMatch(/^text\/plain/);
        const { body, info } = await driver.get('typed/notes.txt');
        body.destroy();
        expect(info.contentType).toMatch(/^text\/plain/);
      });

      it('streams a 12 MB body of known length without holding it whole', async () => {
        const size = 12 * MiB + 321;
        const stored = await driver.put('large/known-length.bin', generatedStream(size, 7), {
          contentLength: size,
        });
        expect(stored.size).toBe(size);
        const { body, info } = await driver.get('large/known-length.bin');
        expect(info.size).toBe(size);
        expect(await sha256Of(body)).toBe(await sha256OfGenerated(size, 7));
      });

      it('streams a 12 MB body of unknown length', async () => {
        const size = 12 * MiB + 123;
        const stored = await driver.put('large/unknown-length.bin', generatedStream(size, 11));
        expect(stored.size).toBe(size);
        expect((await driver.head('large/unknown-length.bin'))?.size).toBe(size);
        const { body } = await driver.get('large/unknown-length.bin');
        expect(await sha256Of(body)).toBe(await sha256OfGenerated(size, 11));
      });

      it('stores an empty object', async () => {
        await putBytes('empty/zero.bin', '');
        expect((await driver.head('empty/zero.bin'))?.size).toBe(0);
        expect(await getBytes('empty/zero.bin')).toEqual(Buffer.alloc(0));
      });

      it('replaces an object on a second put', async () => {
        await putBytes('replace/file.txt', 'first version');
        await putBytes('replace/file.txt', 'second');
        expect((await getBytes('replace/file.txt')).toString()).toBe('second');
        expect((await driver.head('replace/file.txt'))?.size).toBe(6);
      });

      it('fails a body shorter or longer than its declared length, storing nothing', async () => {
        await putBytes('mismatch/existing.bin', 'kept');
        for (const [key, size] of [
          ['mismatch/short.bin', 50],
          ['mismatch/long.bin', 150],
          ['mismatch/existing.bin', 150],
        ] as const) {
          await expect(
            driver.put(key, generatedStream(size, 1, 25), { contentLength: 100 }),
          ).rejects.toEqual(expect.objectContaining({ code: 'storage.content_length_mismatch' }));
        }
        if (subject.storesTruncatedBodies) return;
        expect((await getBytes('mismatch/existing.bin')).toString()).toBe('kept');
        expect(await driver.head('mismatch/short.bin')).toBeNull();
        expect(await driver.head('mismatch/long.bin')).toBeNull();
      });

      it('answers null to head and ObjectNotFoundError to get for a missing key', async () => {
        expect(await driver.head('missing/nothing.txt')).toBeNull();
        const failure = driver.get('missing/nothing.txt');
        await expect(failure).rejects.toBeInstanceOf(ObjectNotFoundError);
        await expect(failure).rejects.toMatchObject({
          code: 'storage.object_not_found',
          key: 'missing/nothing.txt',
        });
      });
    });

    describe('ranges', () => {
      const size = 1000;
      const bytes = generatedBuffer(size, 3);
      beforeAll(() => putBytes('ranges/object.bin', bytes));

      it.each([
        { range: { start: 10, end: 19 }, expected: { start: 10, end: 19 } },
        { range: { start: 990 }, expected: { start: 990, end: 999 } },
        { range: { start: 999 }, expected: { start: 999, end: 999 } },
        { range: { start: 500, end: 5000 }, expected: { start: 500, end: 999 } },
      ])('reads bytes $range.start to $range.end', async ({ range, expected }) => {
        const result = await driver.get('ranges/object.bin', { range });
        expect(result.range).toEqual({ ...expected, total: size });
        expect(result.info.size).toBe(size);
        expect(await readAll(result.body)).toEqual(
          bytes.subarray(expected.start, expected.end + 1),
        );
      });

      it('refuses a range starting past the end', async () => {
        await expect(
          driver.get('ranges/object.bin', { range: { start: size } }),
        ).rejects.toBeInstanceOf(RangeNotSatisfiableError);
      });

      it('refuses a malformed range', async () => {
        await expect(
          driver.get('ranges/object.bin', { range: { start: 10, end: 5 } }),
        ).rejects.toBeInstanceOf(InvalidArgumentError);
      });
    });

    describe('delete, copy', () => {
      it('deletes idempotently', async () => {
        await putBytes('delete/one.txt', 'x');
        await driver.delete('delete/one.txt');
        expect(await driver.head('delete/one.txt')).toBeNull();
        await expect(driver.delete('delete/one.txt')).resolves.toBeUndefined();
        await expect(driver.delete('delete/never-existed.txt')).resolves.toBeUndefined();
      });

      it('deletes many, missing keys included', async () => {
        await Promise.all(['a', 'b', 'c'].map((n) => putBytes(`delete-many/${n}.txt`, n)));
        await driver.deleteMany(['delete-many/a.txt', 'delete-many/b.txt', 'delete-many/zz.txt']);
        expect(await driver.head('delete-many/a.txt')).toBeNull();
        expect(await driver.head('delete-many/b.txt')).toBeNull();
        expect(await driver.head('delete-many/c.txt')).not.toBeNull();
        await expect(driver.deleteMany([])).resolves.toBeUndefined();
      });

      it('copies an object independently of its source', async () => {
        await putBytes('copy/source.txt', 'original');
        await driver.copy('copy/source.txt', 'copy/nested/target.txt');
        await putBytes('copy/source.txt', 'changed');
        expect((await getBytes('copy/nested/target.txt')).toString()).toBe('original');
        await expect(driver.copy('copy/missing.txt', 'copy/x.txt')).rejects.toBeInstanceOf(
          ObjectNotFoundError,
        );
        expect(await driver.head('copy/x.txt')).toBeNull();
      });
    });

    describe('list', () => {
      const keys = [
        'list/alpha.txt',
        'list/beta/1.txt',
        'list/beta/2.txt',
        'list/beta/deep/3.txt',
        'list/gamma/4.txt',
        'list/zeta.txt',
        'list/ü.txt',
      ];
      beforeAll(async () => {
        for (const key of [...keys, 'listing/other.txt']) await putBytes(key, key);
      });

      it('lists every key under a prefix in byte order', async () => {
        const page = await driver.list('list/');
        expect(page.objects.map((object) => object.key)).toEqual(keys);
        expect(page.prefixes).toEqual([]);
        expect(page.nextCursor).toBeNull();
        const alpha = page.objects[0];
        expect(alpha).toMatchObject({ key: 'list/alpha.txt', size: 'list/alpha.txt'.length });
        expect(alpha?.etag).toEqual((await driver.head('list/alpha.txt'))?.etag);
        expect(alpha?.lastModified).toBeInstanceOf(Date);
      });

      it('treats the prefix as a plain string prefix', async () => {
        const page = await driver.list('list/be');
        expect(page.objects.map((object) => object.key)).toEqual(keys.slice(1, 4));
        expect((await driver.list('list')).objects.map((object) => object.key)).toContain(
          'listing/other.txt',
        );
        expect((await driver.list('nothing-here/')).objects).toEqual([]);
      });

      it('pages with a cursor', async () => {
        const seen: string[] = [];
        let cursor: string | undefined;
        let pages = 0;
        do {
          const page = await driver.list('list/', { limit: 3, cursor });
          expect(page.objects.length).toBeLessThanOrEqual(3);
          seen.push(...page.objects.map((object) => object.key));
          cursor = page.nextCursor ?? undefined;
          pages++;
        } while (cursor);
        expect(seen).toEqual(keys);
        expect(pages).toBe(3);
      });

      it('groups folders into prefixes with the delimiter', async () => {
        const top = await driver.list('list/', { delimiter: true });
        expect(top.objects.map((object) => object.key)).toEqual([
          'list/alpha.txt',
          'list/zeta.txt',
          'list/ü.txt',
        ]);
        expect(top.prefixes).toEqual(['list/beta/', 'list/gamma/']);
        const beta = await driver.list('list/beta/', { delimiter: true });
        expect(beta.objects.map((object) => object.key)).toEqual([
          'list/beta/1.txt',
          'list/beta/2.txt',
        ]);
        expect(beta.prefixes).toEqual(['list/beta/deep/']);
      });
    });

    describe('presigned URLs', () => {
      it('uploads with a presigned PUT and downloads with a presigned GET', async () => {
        const bytes = generatedBuffer(64 * 1024, 5);
        const presigned = await driver.presignPut('presigned/upload.txt', {
          contentType: 'text/plain',
          contentLength: bytes.length,
          expiresInSeconds: EXPIRES,
        });
        expect(presigned.headers).toEqual({ 'Content-Type': 'text/plain' });
        const put = await subject.fetchPresigned(presigned.url, {
          method: 'PUT',
          headers: presigned.headers,
          body: bytes,
        });
        expect(put.status).toBe(200);
        expect(await driver.head('presigned/upload.txt')).toMatchObject({ size: bytes.length });

        const url = await driver.presignGet('presigned/upload.txt', { expiresInSeconds: EXPIRES });
        const get = await subject.fetchPresigned(url);
        expect(get.status).toBe(200);
        expect(sha256Hex(Buffer.from(await get.arrayBuffer()))).toBe(sha256Hex(bytes));
      });

      it('names a download with an RFC 6266 Content-Disposition', async () => {
        await putBytes('presigned/report.pdf', '%PDF-1.7');
        const url = await driver.presignGet('presigned/report.pdf', {
          expiresInSeconds: EXPIRES,
          downloadName: 'Résumé 2026 (final).pdf',
        });
        const response = await subject.fetchPresigned(url);
        expect(response.status).toBe(200);
        const disposition = response.headers.get('content-disposition');
        expect(disposition).toBe(
          `attachment; filename="R_sum_ 2026 (final).pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%202026%20%28final%29.pdf`,
        );
        const encoded = disposition?.split("filename*=UTF-8''")[1] ?? '';
        expect(decodeURIComponent(encoded)).toBe('Résumé 2026 (final).pdf');
        expect(await response.text()).toBe('%PDF-1.7');
      });

      it('serves inline with an overridden content type', async () => {
        await putBytes('presigned/readme', 'plain words');
        const url = await driver.presignGet('presigned/readme', {
          expiresInSeconds: EXPIRES,
          downloadName: 'readme.txt',
          contentType: 'text/plain; charset=utf-8',
          inline: true,
        });
        const response = await subject.fetchPresigned(url);
        expect(response.headers.get('content-disposition')).toBe('inline; filename="readme.txt"');
        expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
        expect(await response.text()).toBe('plain words');
      });

      it('refuses expiries outside 1 second to 7 days', async () => {
        for (const expiresInSeconds of [0, 1.5, 7 * 24 * 3600 + 1]) {
          await expect(
            driver.presignGet('presigned/readme', { expiresInSeconds }),
          ).rejects.toBeInstanceOf(InvalidArgumentError);
        }
      });
    });

    describe('multipart uploads', () => {
      const partSizes = [MULTIPART_CHUNK_SIZE, MULTIPART_CHUNK_SIZE, 1_234_567];

      it('completes an upload of parts sent to presigned URLs', async () => {
        const key = 'multipart/presigned.bin';
        const { uploadId } = await driver.createMultipart(key, {
          contentType: 'application/octet-stream',
        });
        expect(await driver.listMultipartUploads('multipart/')).toContainEqual(
          expect.objectContaining({ key, uploadId }),
        );

        const whole = createHash('sha256');
        const sent: { partNumber: number; etag: string; size: number }[] = [];
        for (const [index, size] of partSizes.entries()) {
          const partNumber = index + 1;
          const bytes = generatedBuffer(size, 100 + partNumber);
          whole.update(bytes);
          const url = await driver.presignPart(key, uploadId, partNumber, EXPIRES);
          const response = await subject.fetchPresigned(url, { method: 'PUT', body: bytes });
          expect(response.status).toBe(200);
          const etag = response.headers.get('etag')?.replace(/"/g, '');
          expect(etag).toBeTruthy();
          sent.push({ partNumber, etag: etag as string, size });
        }

        expect(await driver.listParts(key, uploadId)).toEqual(sent);
        // Parallel uploads finish out of order; completion sorts them.
        const completed = await driver.completeMultipart(
          key,
          uploadId,
          [...sent].reverse().map(({ partNumber, etag }) => ({ partNumber, etag })),
        );
        expect(completed.etag).toBeTruthy();

        const { body, info } = await driver.get(key);
        expect(info.size).toBe(partSizes.reduce((sum, size) => sum + size, 0));
        expect(await sha256Of(body)).toBe(whole.digest('hex'));
        const pending = await driver.listMultipartUploads('multipart/');
        expect(pending.map((upload) => upload.uploadId)).not.toContain(uploadId);
      });

      it('completes an upload of parts proxied through the server', async () => {
        const key = 'multipart/proxied.bin';
        const { uploadId } = await driver.createMultipart(key);
        const sizes = [MULTIPART_CHUNK_SIZE, 4096];
        const parts = [];
        for (const [index, size] of sizes.entries()) {
          const partNumber = index + 1;
          const { etag } = await driver.uploadPart(
            key,
            uploadId,
            partNumber,
            generatedStream(size, 200 + partNumber),
            size,
          );
          expect(etag).not.toContain('"');
          parts.push({ partNumber, etag });
        }
        await driver.completeMultipart(key, uploadId, parts);
        const expected = sha256Hex(generatedBuffer(sizes[0] ?? 0, 201), generatedBuffer(4096, 202));
        expect(await sha256Of((await driver.get(key)).body)).toBe(expected);
      });

      it('aborts an upload without leaving anything behind', async () => {
        const key = 'multipart/aborted.bin';
        const { uploadId } = await driver.createMultipart(key);
        await driver.uploadPart(key, uploadId, 1, generatedStream(2048, 9), 2048);
        expect((await driver.listMultipartUploads('multipart/aborted')).length).toBe(1);

        await driver.abortMultipart(key, uploadId);
        expect(await driver.listMultipartUploads('multipart/aborted')).toEqual([]);
        expect(await driver.head(key)).toBeNull();
        await expect(driver.listParts(key, uploadId)).rejects.toMatchObject({
          code: 'storage.multipart',
          reason: 'upload_not_found',
        });
        await expect(driver.abortMultipart(key, uploadId)).resolves.toBeUndefined();
      });

      it('refuses invalid part numbers and empty completions', async () => {
        const key = 'multipart/invalid.bin';
        const { uploadId } = await driver.createMultipart(key);
        for (const partNumber of [0, 10_001, 1.5]) {
          await expect(
            driver.presignPart(key, uploadId, partNumber, EXPIRES),
          ).rejects.toMatchObject({ reason: 'invalid_part_number' });
        }
        await expect(driver.completeMultipart(key, uploadId, [])).rejects.toBeInstanceOf(
          MultipartError,
        );
        await driver.abortMultipart(key, uploadId);
      });
    });

    describe('invalid keys', () => {
      const invalidKeys = [
        '',
        '/absolute.txt',
        '../escape.txt',
        'a/../../escape.txt',
        'a/..',
        './a.txt',
        'a//b.txt',
        'trailing/',
        'back\\slash.txt',
        'nul\0byte.txt',
        `${'x'.repeat(1025)}`,
      ];

      it.each(invalidKeys.map((key) => [JSON.stringify(key), key]))(
        'refuses %s everywhere',
        async (_, key) => {
          const refused = expect.objectContaining({ code: 'storage.invalid_key' });
          const body = generatedStream(10, 1);
          await expect(driver.put(key, body, {})).rejects.toEqual(refused);
          await expect(driver.get(key)).rejects.toBeInstanceOf(InvalidKeyError);
          await expect(driver.head(key)).rejects.toEqual(refused);
          await expect(driver.delete(key)).rejects.toEqual(refused);
          await expect(driver.deleteMany(['ok.txt', key])).rejects.toEqual(refused);
          await expect(driver.copy(key, 'ok.txt')).rejects.toEqual(refused);
          await expect(driver.copy('ok.txt', key)).rejects.toEqual(refused);
          await expect(driver.presignPut(key, { expiresInSeconds: EXPIRES })).rejects.toEqual(
            refused,
          );
          await expect(driver.presignGet(key, { expiresInSeconds: EXPIRES })).rejects.toEqual(
            refused,
          );
          await expect(driver.createMultipart(key)).rejects.toEqual(refused);
          await expect(driver.abortMultipart(key, 'some-upload')).rejects.toEqual(refused);
          if (key !== '' && key !== 'trailing/') {
            await expect(driver.list(key)).rejects.toEqual(refused);
          }
        },
      );
    });

    describeFsPort(() => driver);
  });
}
