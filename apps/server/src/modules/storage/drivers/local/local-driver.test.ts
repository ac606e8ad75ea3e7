import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, readlink, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../../test/eventually';
import { contentDisposition } from '../../../shared/content-disposition';
import { scoped } from '../scoped-driver';
import type { StorageDriver } from '../storage-driver';
import {
  generatedBuffer,
  generatedStream,
  runStorageDriverContract,
} from '../storage-driver.contract';
import {
  InvalidKeyError,
  ObjectNotFoundError,
  SignedUrlError,
  StorageDriverError,
} from '../storage-driver.errors';
import { createLocalDriver } from './local-driver';
import { MIN_PART_SIZE } from './local-multipart';
import {
  createHmacSigner,
  type LocalSignedOp,
  type UrlSigner,
  verifyLocalSignedRequest,
} from './local-signed-url';

const PUBLIC_PATH = '/api/storage/local/config-1';

/**
 * What the signed-URL route does (it lives with the storage routes): verify, then stream to or
 * from the driver. Runs a fetch-style request in process.
 */
function signedUrlRoute(driver: StorageDriver, signer: UrlSigner, publicPath = PUBLIC_PATH) {
  return async (url: string, init?: RequestInit): Promise<Response> => {
    const request = new Request(new URL(url, 'http://sharebin.test'), init);
    const { pathname, searchParams } = new URL(request.url);
    const op = pathname.slice(publicPath.length + 1);
    if (!pathname.startsWith(`${publicPath}/`) || !['get', 'put', 'part'].includes(op)) {
      return new Response(null, { status: 404 });
    }
    const verified = verifyLocalSignedRequest({
      signer,
      publicPath,
      op: op as LocalSignedOp,
      query: searchParams,
      now: Date.now(),
    });
    if (verified instanceof SignedUrlError) return new Response(verified.reason, { status: 403 });
    const requestBody = () =>
      Readable.fromWeb((request.body ?? new Blob([]).stream()) as NodeReadableStream);
    try {
      switch (verified.op) {
        case 'get': {
          const { body, info } = await driver.get(verified.key);
          const { downloadName, contentType, inline } = verified.download;
          return new Response(Readable.toWeb(body) as ReadableStream, {
            headers: {
              'Content-Type': contentType ?? info.contentType ?? 'application/octet-stream',
              'Content-Length': String(info.size),
              'Content-Disposition': contentDisposition({ filename: downloadName, inline }),
            },
          });
        }
        case 'put': {
          await driver.put(verified.key, requestBody(), { contentLength: verified.contentLength });
          return new Response(null, { status: 200 });
        }
        case 'part': {
          const { etag } = await driver.uploadPart(
            verified.key,
            verified.uploadId,
            verified.partNumber,
            requestBody(),
          );
          return new Response(null, { status: 200, headers: { ETag: `"${etag}"` } });
        }
      }
    } catch (error) {
      if (error instanceof ObjectNotFoundError) return new Response(null, { status: 404 });
      if (error instanceof StorageDriverError) return new Response(error.code, { status: 400 });
      throw error;
    }
  };
}

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

async function makeLocal() {
  const root = await mkdtemp(join(tmpdir(), 'sharebin-local-'));
  const signer = createHmacSigner(randomBytes(32).toString('hex'));
  const driver = createLocalDriver({ root, signer, publicPath: PUBLIC_PATH });
  return { root, signer, driver };
}

runStorageDriverContract('local', async () => {
  const { root, signer, driver } = await makeLocal();
  return {
    driver,
    fetchPresigned: signedUrlRoute(driver, signer),
    cleanup: () => rm(root, { recursive: true, force: true }),
  };
});

runStorageDriverContract('local, read-write view of a folder', async () => {
  const { root, signer, driver } = await makeLocal();
  return {
    driver: scoped(driver, { prefix: 'views/team' }),
    // Signed URLs name the storage's own keys: the route serves them from the whole storage.
    fetchPresigned: signedUrlRoute(driver, signer),
    cleanup: () => rm(root, { recursive: true, force: true }),
  };
});

runStorageDriverContract('local host folder, temp files outside it', async () => {
  const base = await mkdtemp(join(tmpdir(), 'sharebin-host-'));
  const [root, workRoot] = [join(base, 'served'), join(base, 'work')];
  await mkdir(root);
  const signer = createHmacSigner(randomBytes(32).toString('hex'));
  const driver = createLocalDriver({
    root,
    workRoot,
    hostFolder: true,
    signer,
    publicPath: PUBLIC_PATH,
  });
  return {
    driver,
    fetchPresigned: signedUrlRoute(driver, signer),
    cleanup: () => rm(base, { recursive: true, force: true }),
  };
});

describe('local driver', () => {
  let root: string;
  let signer: UrlSigner;
  let driver: StorageDriver;
  beforeAll(async () => {
    ({ root, signer, driver } = await makeLocal());
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  const put = (key: string, text: string) =>
    driver.put(key, Readable.from([Buffer.from(text)]), { contentLength: Buffer.byteLength(text) });

  it('refuses a named pipe in the folder without waiting for a writer', async () => {
    // A FIFO opened for reading waits for a writer; small reads open in the loop's thread,
    // so a wait there would stall the whole process (and this test would time out).
    execFileSync('mkfifo', [join(root, 'pipe.txt')]);
    await expect(driver.get('pipe.txt')).rejects.toBeInstanceOf(ObjectNotFoundError);
    expect(await driver.head('pipe.txt')).toBeNull();
  });

  describe('signed URLs', () => {
    const verify = (url: string, op: LocalSignedOp, now = Date.now(), publicPath = PUBLIC_PATH) =>
      verifyLocalSignedRequest({
        signer,
        publicPath,
        op,
        query: new URL(url, 'http://x').searchParams,
        now,
      });

    it('carry the key, the upload and the download options', async () => {
      const get = await driver.presignGet('docs/ä b.txt', {
        expiresInSeconds: 60,
        downloadName: 'ä b.txt',
        contentType: 'text/plain',
        inline: true,
      });
      expect(get.startsWith(`${PUBLIC_PATH}/get?`)).toBe(true);
      expect(verify(get, 'get')).toEqual({
        op: 'get',
        key: 'docs/ä b.txt',
        download: { downloadName: 'ä b.txt', contentType: 'text/plain', inline: true },
      });
      const part = await driver.presignPart('docs/big.bin', 'f'.repeat(32), 7, 60);
      expect(verify(part, 'part')).toEqual({
        op: 'part',
        key: 'docs/big.bin',
        uploadId: 'f'.repeat(32),
        partNumber: 7,
      });
      const { url } = await driver.presignPut('docs/x.bin', {
        contentLength: 12,
        expiresInSeconds: 60,
      });
      expect(verify(url, 'put')).toEqual({
        op: 'put',
        key: 'docs/x.bin',
        contentLength: 12,
        contentType: undefined,
      });
    });

    it('are refused when tampered with, expired, for another operation or storage', async () => {
      const url = await driver.presignGet('docs/a.txt', { expiresInSeconds: 60 });
      const altered = (change: (params: URLSearchParams) => void) => {
        const parsed = new URL(url, 'http://x');
        change(parsed.searchParams);
        return `${parsed.pathname}?${parsed.searchParams}`;
      };
      const refusal = (reason: string) => expect.objectContaining({ reason });

      expect(
        verify(
          altered((p) => p.set('sig', `${p.get('sig')?.slice(0, -2)}AA`)),
          'get',
        ),
      ).toEqual(refusal('bad_signature'));
      expect(
        verify(
          altered((p) => p.set('key', 'docs/b.txt')),
          'get',
        ),
      ).toEqual(refusal('bad_signature'));
      expect(
        verify(
          altered((p) => p.set('name', 'evil.html')),
          'get',
        ),
      ).toEqual(refusal('bad_signature'));
      expect(
        verify(
          altered((p) => p.set('exp', '99999999999')),
          'get',
        ),
      ).toEqual(refusal('bad_signature'));
      expect(
        verify(
          altered((p) => p.delete('sig')),
          'get',
        ),
      ).toEqual(refusal('malformed'));
      expect(verify(url, 'put')).toEqual(refusal('bad_signature'));
      expect(verify(url, 'get', Date.now(), '/api/storage/local/config-2')).toEqual(
        refusal('bad_signature'),
      );
      expect(verify(url, 'get', Date.now() + 61_000)).toEqual(refusal('expired'));
      expect(verify(url, 'get')).toMatchObject({ op: 'get', key: 'docs/a.txt' });

      const otherSigner = createHmacSigner('another secret');
      expect(
        verifyLocalSignedRequest({
          signer: otherSigner,
          publicPath: PUBLIC_PATH,
          op: 'get',
          query: new URL(url, 'http://x').searchParams,
          now: Date.now(),
        }),
      ).toEqual(refusal('bad_signature'));
    });

    it('bind the upload to its signed length', async () => {
      const route = signedUrlRoute(driver, signer);
      const { url } = await driver.presignPut('signed/len.bin', {
        contentLength: 10,
        expiresInSeconds: 60,
      });
      const response = await route(url, { method: 'PUT', body: generatedBuffer(11, 1) });
      expect(response.status).toBe(400);
      expect(await driver.head('signed/len.bin')).toBeNull();
    });
  });

  describe('files on disk', () => {
    it('stores plain files under the root and hides its own folders', async () => {
      await put('plain/hello.txt', 'hello');
      expect(await readFile(join(root, 'plain', 'hello.txt'), 'utf8')).toBe('hello');
      const { uploadId } = await driver.createMultipart('plain/big.bin');
      await driver.uploadPart('plain/big.bin', uploadId, 1, generatedStream(10, 1));
      const rootEntries = await readdir(root);
      expect(rootEntries).toEqual(expect.arrayContaining(['.multipart', '.tmp', 'plain']));
      expect((await driver.list('', { delimiter: true })).prefixes).not.toContain('.multipart/');
      expect((await driver.list('')).objects.map((object) => object.key)).not.toContainEqual(
        expect.stringMatching(/^\.(multipart|tmp)\//),
      );
      expect(await readdir(join(root, '.tmp'))).toEqual([]);
      await driver.abortMultipart('plain/big.bin', uploadId);
    });

    it('refuses keys inside its own folders', async () => {
      for (const key of ['.multipart/x', '.tmp/x', '.multipart']) {
        await expect(driver.head(key)).rejects.toMatchObject({ reason: 'reserved' });
      }
      expect(await driver.head('nested/.multipart/x')).toBeNull();
    });

    it('derives the content type from the extension', async () => {
      await driver.put('types/page.html', Readable.from([Buffer.from('<p>')]), {
        contentType: 'text/plain',
      });
      expect((await driver.head('types/page.html'))?.contentType).toMatch(/^text\/html/);
      await put('types/no-extension', 'x');
      expect((await driver.head('types/no-extension'))?.contentType).toBe(
        'application/octet-stream',
      );
    });

    it('never shows a partial file to readers', async () => {
      await put('atomic/file.txt', 'old content');
      const body = new PassThrough();
      const writing = driver.put('atomic/file.txt', body);
      body.write('new content, first half… ');
      await waitFor(async () => {
        const [temp] = await readdir(join(root, '.tmp'));
        return temp !== undefined && (await stat(join(root, '.tmp', temp))).size > 0;
      });
      expect((await driver.head('atomic/file.txt'))?.size).toBe(11);
      expect(await readFile(join(root, 'atomic', 'file.txt'), 'utf8')).toBe('old content');

      const reader = await driver.get('atomic/file.txt');
      body.end('second half');
      await writing;
      // The reader opened the old version before the rename and keeps reading it whole.
      expect(Buffer.concat(await reader.body.toArray()).toString()).toBe('old content');
      expect(await readFile(join(root, 'atomic', 'file.txt'), 'utf8')).toBe(
        'new content, first half… second half',
      );
    });

    it('reads a file up to the size it stated, even if the file grows meanwhile', async () => {
      await put('growing/log.txt', 'first line\n');
      const reader = await driver.get('growing/log.txt');
      // Appended in place (another program writing to a mounted folder), after the stat.
      await writeFile(join(root, 'growing', 'log.txt'), 'second line\n', { flag: 'a' });
      expect(reader.info.size).toBe(11);
      expect(Buffer.concat(await reader.body.toArray()).toString()).toBe('first line\n');

      await put('growing/empty.txt', '');
      const empty = await driver.get('growing/empty.txt');
      expect(empty.info.size).toBe(0);
      expect(Buffer.concat(await empty.body.toArray())).toHaveLength(0);
    });

    /** Descriptors of this process open on `file`. */
    const openOn = async (file: string) => {
      const fds = await readdir('/proc/self/fd');
      const targets = await Promise.all(
        fds.map((fd) => readlink(`/proc/self/fd/${fd}`).catch(() => null)),
      );
      return targets.filter((target) => target === file).length;
    };

    it('reads a file of up to 64 KiB at once, closed before its bytes are answered', async () => {
      const bytes = generatedBuffer(64 * 1024, 7);
      await driver.put('small/file.bin', Readable.from([bytes]), { contentLength: bytes.length });
      const file = join(root, 'small', 'file.bin');

      const whole = await driver.get('small/file.bin');
      expect(await openOn(file)).toBe(0);
      expect(whole.bytes?.equals(bytes)).toBe(true);
      expect(Buffer.concat(await whole.body.toArray()).equals(bytes)).toBe(true);

      const part = await driver.get('small/file.bin', { range: { start: 10, end: 19 } });
      expect(part.bytes?.equals(bytes.subarray(10, 20))).toBe(true);
      expect(part.range).toEqual({ start: 10, end: 19, total: bytes.length });
      expect(Buffer.concat(await part.body.toArray()).equals(bytes.subarray(10, 20))).toBe(true);

      await put('small/empty.txt', '');
      const empty = await driver.get('small/empty.txt');
      expect(empty.bytes?.length).toBe(0);
      expect(await empty.body.toArray()).toEqual([]);
      // A larger file streams from its descriptor, which stays open until the body is read.
      await driver.put('small/larger.bin', Readable.from([bytes, bytes]), {
        contentLength: 2 * bytes.length,
      });
      const larger = await driver.get('small/larger.bin');
      expect(larger.bytes).toBeUndefined();
      expect(await openOn(join(root, 'small', 'larger.bin'))).toBe(1);
      larger.body.destroy();
    });

    it('closes the file of a body read to its end, destroyed, or dropped unread', async () => {
      // Larger than a read at once: these are streamed from the open file.
      const content = generatedBuffer(100 * 1024, 3);
      await driver.put('closing/file.txt', Readable.from([content]), {
        contentLength: content.length,
      });
      const file = join(root, 'closing', 'file.txt');
      const openOnFile = () => openOn(file);

      const read = await driver.get('closing/file.txt');
      expect(await openOnFile()).toBe(1);
      expect(Buffer.concat(await read.body.toArray()).equals(content)).toBe(true);
      await eventually(async () => expect(await openOnFile()).toBe(0));

      const destroyed = await driver.get('closing/file.txt', { range: { start: 2, end: 70_000 } });
      destroyed.body.destroy();
      await eventually(async () => expect(await openOnFile()).toBe(0));

      // A caller that forgets a body: its descriptor is closed once the stream is collected.
      await driver.get('closing/file.txt');
      expect(await openOnFile()).toBe(1);
      setFlagsFromString('--expose-gc');
      const gc = runInNewContext('gc') as () => void;
      await eventually(async () => {
        gc();
        await new Promise((resolve) => setImmediate(resolve));
        expect(await openOnFile()).toBe(0);
      });
    });

    it('removes folders emptied by deletes, as S3 has no empty folders', async () => {
      await put('prune/a/b/c.txt', 'c');
      await put('prune/keep.txt', 'k');
      await driver.delete('prune/a/b/c.txt');
      expect(await readdir(join(root, 'prune'))).toEqual(['keep.txt']);
      expect((await driver.list('prune/', { delimiter: true })).prefixes).toEqual([]);
    });

    it('refuses a file where a folder is, and the reverse', async () => {
      await put('conflict/a', 'file');
      await expect(put('conflict/a/b', 'x')).rejects.toMatchObject({ reason: 'path_conflict' });
      await put('conflict/dir/x', 'x');
      await expect(put('conflict/dir', 'x')).rejects.toBeInstanceOf(InvalidKeyError);
      await expect(driver.get('conflict/dir')).rejects.toBeInstanceOf(ObjectNotFoundError);
      expect(await driver.head('conflict/a/b')).toBeNull();
      expect(await readdir(join(root, '.tmp'))).toEqual([]);
    });
  });

  describe('list', () => {
    beforeAll(async () => {
      for (const key of ['order/a-b.txt', 'order/a.txt', 'order/a/1.txt', 'order/a/2.txt']) {
        await put(key, key);
      }
      // Folders made by hand count as folders too.
      await mkdir(join(root, 'order', 'empty'));
      await writeFile(join(root, 'order', 'b.txt'), 'dropped in by an operator');
    });

    it('orders keys as S3 does: by bytes, `-` and `.` before `/`', async () => {
      expect((await driver.list('order/')).objects.map((object) => object.key)).toEqual([
        'order/a-b.txt',
        'order/a.txt',
        'order/a/1.txt',
        'order/a/2.txt',
        'order/b.txt',
      ]);
    });

    it('counts prefixes in the page and never repeats them', async () => {
      const entries: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await driver.list('order/', { delimiter: true, limit: 2, cursor });
        expect(page.objects.length + page.prefixes.length).toBeLessThanOrEqual(2);
        entries.push(...page.objects.map((object) => object.key), ...page.prefixes);
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      expect(entries.sort()).toEqual(
        ['order/a-b.txt', 'order/a.txt', 'order/a/', 'order/b.txt', 'order/empty/'].sort(),
      );
    });

    describe('a listing resumed by its cursor', () => {
      const now = { ms: Date.now() };
      let paged: StorageDriver;
      beforeAll(async () => {
        paged = createLocalDriver({
          root: join(root, 'paged'),
          signer,
          publicPath: PUBLIC_PATH,
          clock: { now: () => now.ms },
        });
        await mkdir(join(root, 'paged', 'f'), { recursive: true });
        for (const name of ['a', 'c', 'e', 'g']) {
          await writeFile(join(root, 'paged', 'f', `${name}.txt`), name);
        }
      });
      const keysOf = (page: Awaited<ReturnType<StorageDriver['list']>>) => [
        ...page.prefixes,
        ...page.objects.map((object) => object.key),
      ];

      it('goes on from the folder as its first page read it, files deleted since left out', async () => {
        const first = await paged.list('f/', { delimiter: true, limit: 2 });
        expect(keysOf(first)).toEqual(['f/a.txt', 'f/c.txt']);
        await writeFile(join(root, 'paged', 'f', 'd.txt'), 'added after the first page');
        await rm(join(root, 'paged', 'f', 'e.txt'));
        const second = await paged.list('f/', {
          delimiter: true,
          limit: 2,
          cursor: first.nextCursor as string,
        });
        expect(keysOf(second)).toEqual(['f/g.txt']);
        expect(second.nextCursor).toBeNull();
        // A listing started anew reads the folder again.
        expect(keysOf(await paged.list('f/', { delimiter: true }))).toEqual([
          'f/a.txt',
          'f/c.txt',
          'f/d.txt',
          'f/g.txt',
        ]);
        // The walk was taken by its next page: the same cursor again starts a new one.
        const again = await paged.list('f/', {
          delimiter: true,
          cursor: first.nextCursor as string,
        });
        expect(keysOf(again)).toEqual(['f/d.txt', 'f/g.txt']);
      });

      it('leaves out a folder deleted since its first page', async () => {
        for (const name of ['a', 'b', 'c', 'd']) {
          await mkdir(join(root, 'paged', 'tree', name), { recursive: true });
          await writeFile(join(root, 'paged', 'tree', name, 'x.txt'), name);
        }
        const first = await paged.list('tree/', { delimiter: true, limit: 2 });
        expect(keysOf(first)).toEqual(['tree/a/', 'tree/b/']);
        await rm(join(root, 'paged', 'tree', 'c'), { recursive: true });
        const second = await paged.list('tree/', {
          delimiter: true,
          cursor: first.nextCursor as string,
        });
        expect(keysOf(second)).toEqual(['tree/d/']);
      });

      it('is read anew once it has waited 30 seconds, or when 16 listings wait after it', async () => {
        await writeFile(join(root, 'paged', 'f', 'h.txt'), 'h');
        const waiting = await paged.list('f/', { limit: 1 });
        await writeFile(join(root, 'paged', 'f', 'i.txt'), 'added while it waits');
        now.ms += 30_000;
        const late = await paged.list('f/', { limit: 10, cursor: waiting.nextCursor as string });
        expect(keysOf(late)).toContain('f/i.txt');

        const oldest = await paged.list('f/', { limit: 1 });
        await mkdir(join(root, 'paged', 'many'));
        for (let i = 0; i < 20; i++) await writeFile(join(root, 'paged', 'many', `${i}`), '');
        // Sixteen listings waiting at sixteen different cursors.
        for (let limit = 1; limit <= 16; limit++) await paged.list('many/', { limit });
        await writeFile(join(root, 'paged', 'f', 'j.txt'), 'added while 16 others wait');
        const pushedOut = await paged.list('f/', { cursor: oldest.nextCursor as string });
        expect(keysOf(pushedOut)).toContain('f/j.txt');
      });

      it('is kept apart by prefix and delimiter', async () => {
        await mkdir(join(root, 'paged', 'f', 'sub'), { recursive: true });
        await writeFile(join(root, 'paged', 'f', 'sub', 'x.txt'), 'x');
        const flat = await paged.list('f/', { limit: 1 });
        const folders = await paged.list('f/', { limit: 1, delimiter: true });
        const rest = async (delimiter: boolean, cursor: string) => {
          const page = await paged.list('f/', { delimiter, cursor });
          return keysOf(page);
        };
        expect(await rest(true, folders.nextCursor as string)).toContain('f/sub/');
        expect(await rest(false, flat.nextCursor as string)).toContain('f/sub/x.txt');
      });
    });
  });

  describe('multipart', () => {
    it('refuses a part whose ETag does not match', async () => {
      const { uploadId } = await driver.createMultipart('mp/etag.bin');
      await driver.uploadPart('mp/etag.bin', uploadId, 1, generatedStream(100, 1));
      await expect(
        driver.completeMultipart('mp/etag.bin', uploadId, [
          { partNumber: 1, etag: '0'.repeat(32) },
        ]),
      ).rejects.toMatchObject({ reason: 'invalid_part' });
      await expect(
        driver.completeMultipart('mp/etag.bin', uploadId, [
          { partNumber: 2, etag: '0'.repeat(32) },
        ]),
      ).rejects.toMatchObject({ reason: 'invalid_part' });
      await driver.abortMultipart('mp/etag.bin', uploadId);
    });

    it('refuses parts below 5 MiB except the last', async () => {
      const key = 'mp/small.bin';
      const { uploadId } = await driver.createMultipart(key);
      const first = await driver.uploadPart(
        key,
        uploadId,
        1,
        generatedStream(MIN_PART_SIZE - 1, 1),
      );
      const second = await driver.uploadPart(key, uploadId, 2, generatedStream(10, 2));
      await expect(
        driver.completeMultipart(key, uploadId, [
          { partNumber: 1, ...first },
          { partNumber: 2, ...second },
        ]),
      ).rejects.toMatchObject({ reason: 'part_too_small' });
      expect(await driver.head(key)).toBeNull();
      await driver.abortMultipart(key, uploadId);
    });

    it('keeps the newest upload of a part number', async () => {
      const key = 'mp/reupload.bin';
      const { uploadId } = await driver.createMultipart(key);
      const stale = await driver.uploadPart(key, uploadId, 1, Readable.from([Buffer.from('old')]));
      const fresh = await driver.uploadPart(key, uploadId, 1, Readable.from([Buffer.from('new!')]));
      expect(await driver.listParts(key, uploadId)).toEqual([
        { partNumber: 1, etag: fresh.etag, size: 4 },
      ]);
      await expect(
        driver.completeMultipart(key, uploadId, [{ partNumber: 1, ...stale }]),
      ).rejects.toMatchObject({ reason: 'invalid_part' });
      await driver.completeMultipart(key, uploadId, [{ partNumber: 1, ...fresh }]);
      expect(Buffer.concat(await (await driver.get(key)).body.toArray()).toString()).toBe('new!');
    });

    it('refuses an upload id for another key or of the wrong shape', async () => {
      const { uploadId } = await driver.createMultipart('mp/owner.bin');
      await expect(driver.listParts('mp/other.bin', uploadId)).rejects.toMatchObject({
        reason: 'upload_not_found',
      });
      await expect(driver.listParts('mp/owner.bin', '../../etc')).rejects.toMatchObject({
        reason: 'upload_not_found',
      });
      await driver.abortMultipart('mp/other.bin', uploadId);
      expect(await driver.listParts('mp/owner.bin', uploadId)).toEqual([]);
      await driver.abortMultipart('mp/owner.bin', uploadId);
    });
  });
});
