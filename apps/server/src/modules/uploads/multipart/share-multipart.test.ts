import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import type { FileShare, MultipartInitResponse, PublicFile, StorageConfig } from '@sharebin/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { ENGINES, type RequestOptions, useTestServer } from '../../../test/harness';
import { multipartLayout, multipartPartSize } from './multipart-layout';

const MIB = 1024 * 1024;

describe('multipart part size', () => {
  it('is 5 MiB, larger when a file would need more than 10,000 parts', () => {
    expect(multipartPartSize(12 * MIB)).toBe(5 * MIB);
    expect(multipartPartSize(50_000 * MIB)).toBe(5 * MIB);
    expect(multipartPartSize(50_001 * MIB)).toBe(6 * MIB);
    expect(Math.ceil((200_000 * MIB) / multipartPartSize(200_000 * MIB))).toBeLessThanOrEqual(
      10_000,
    );
  });
});

describe('multipart layout', () => {
  it('gives every part its length and checks stored parts against them', () => {
    const layout = multipartLayout(12 * MIB + 3);
    expect([1, 2, 3].map(layout.lengthOf)).toEqual([5 * MIB, 5 * MIB, 2 * MIB + 3]);
    const sizes = (...list: number[]) => new Map(list.map((size, i) => [i + 1, size]));
    const all = [{ partNumber: 1 }, { partNumber: 2 }, { partNumber: 3 }];
    expect(layout.check(all, sizes(5 * MIB, 5 * MIB, 2 * MIB + 3))).toEqual({
      whole: true,
      total: 12 * MIB + 3,
    });
    expect(layout.check(all, sizes(5 * MIB, 50 * MIB, 2 * MIB + 3)).whole).toBe(false);
    expect(layout.check(all.slice(0, 2), sizes(5 * MIB, 5 * MIB)).whole).toBe(false);
    expect(
      layout.check([...all, { partNumber: 4 }], sizes(5 * MIB, 5 * MIB, 2 * MIB + 3, 1)).whole,
    ).toBe(false);
    expect(
      layout.check([all[0], all[0], all[2]] as typeof all, sizes(5 * MIB, 5 * MIB, 2 * MIB + 3))
        .whole,
    ).toBe(false);
  });
});

describe.each(ENGINES)('multipart uploads on %s (local storage)', (engine) => {
  const t = useTestServer(engine);
  let admin: RequestOptions;
  let storage: StorageConfig;
  beforeEach(async () => {
    ({ admin, storage } = await t.signInWithLocalStorage());
  });

  const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

  const sendParts = (init: MultipartInitResponse, bytes: Buffer) =>
    t.sendParts('/api/s3', init, bytes, admin);

  it('resumes the same file from its stored parts, with the share options of the new call', async () => {
    const bytes = randomBytes(12 * MIB + 5);
    const fingerprint = 'share-file-fingerprint-0123456789';
    const init = (body: Record<string, unknown>, options = admin) =>
      t.request<MultipartInitResponse>(
        'POST',
        '/api/s3/multipart/init',
        { filename: 'movie.mkv', size: bytes.length, fingerprint, ...body },
        options,
      );
    const first = (await init({ slug: 'first-slug', remark: 'first' })).body.data;
    expect(first.uploaded_parts).toEqual([]);
    const sentFirst = await t.sendParts('/api/s3', first, bytes, admin, [1]);

    // Another file, size or caller starts a share of its own.
    const other = (await init({ fingerprint: 'another-file-fingerprint-0000' })).body.data;
    expect(other.file_id).not.toBe(first.file_id);

    const again = await init({ slug: 'second-slug', remark: 'second' });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({
      file_id: first.file_id,
      upload_id: first.upload_id,
      slug: 'second-slug',
      uploaded_parts: [
        { partNumber: 1, etag: sentFirst[0]?.etag.replace(/"/g, ''), size: 5 * MIB },
      ],
    });
    const rest = await t.sendParts('/api/s3', again.body.data, bytes, admin, [2, 3]);
    const done = await t.request<FileShare>(
      'POST',
      '/api/s3/multipart/complete',
      { file_id: first.file_id, parts: [...sentFirst, ...rest] },
      admin,
    );
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({
      slug: 'second-slug',
      remark: 'second',
      size: bytes.length,
    });
    const view = await t.request<PublicFile>('GET', '/api/public/files/second-slug');
    const served = await t.server.app.request(view.body.data.download_url as string);
    expect(sha(Buffer.from(await served.arrayBuffer()))).toBe(sha(bytes));

    // A malformed fingerprint is refused with nothing reserved.
    const refused = await init({ fingerprint: 'bad fingerprint!' });
    expect([refused.status, refused.body.error]).toEqual([400, 'validation.failed']);
  });

  it('uploads a 12 MiB file in parts and serves the same bytes', async () => {
    const bytes = randomBytes(12 * MIB + 123);
    const init = await t.request<MultipartInitResponse>(
      'POST',
      '/api/s3/multipart/init',
      { filename: 'big.bin', size: bytes.length, slug: 'big' },
      admin,
    );
    expect(init.status).toBe(200);
    expect(init.body.data).toMatchObject({ part_size: 5 * MIB, part_count: 3, slug: 'big' });
    const parts = await sendParts(init.body.data, bytes);
    expect(parts.every((p) => /^"[^"]+"$/.test(p.etag))).toBe(true);
    const done = await t.request<FileShare>(
      'POST',
      '/api/s3/multipart/complete',
      { file_id: init.body.data.file_id, parts },
      admin,
    );
    expect(done.body.data).toMatchObject({ status: 'live', size: bytes.length });
    const view = await t.request<PublicFile>('GET', '/api/public/files/big');
    const downloaded = Buffer.from(
      await (await t.server.app.request(view.body.data.download_url as string)).arrayBuffer(),
    );
    expect(sha(downloaded)).toBe(sha(bytes));
    const row = await t.db.selectFrom('file_shares').select('upload_id').executeTakeFirstOrThrow();
    expect(row.upload_id).toBeNull();
  });

  it('aborts an upload and leaves nothing behind', async () => {
    const bytes = randomBytes(11 * MIB);
    const init = (
      await t.request<MultipartInitResponse>(
        'POST',
        '/api/s3/multipart/init',
        { filename: 'gone.bin', size: bytes.length },
        admin,
      )
    ).body.data;
    await sendParts(init, bytes);
    const aborted = await t.request(
      'POST',
      '/api/s3/multipart/abort',
      { file_id: init.file_id },
      admin,
    );
    expect(aborted.status).toBe(200);
    const driver = await t.server.drivers.forConfig(storage.id);
    expect(await driver.listMultipartUploads()).toEqual([]);
    expect(await driver.head(init.storage_path)).toBeNull();
    expect(await t.db.selectFrom('file_shares').selectAll().execute()).toEqual([]);
  });

  it('fails the whole upload when a part is wrong, keeping nothing', async () => {
    const bytes = randomBytes(11 * MIB);
    const init = (
      await t.request<MultipartInitResponse>(
        'POST',
        '/api/s3/multipart/init',
        { filename: 'bad.bin', size: bytes.length },
        admin,
      )
    ).body.data;
    const parts = await sendParts(init, bytes);
    const wrong = parts.map((p) => (p.partNumber === 2 ? { ...p, etag: '"0123456789abcdef"' } : p));
    const response = await t.request(
      'POST',
      '/api/s3/multipart/complete',
      { file_id: init.file_id, parts: wrong },
      admin,
    );
    expect(response.status).toBe(400);
    expect(await t.db.selectFrom('file_shares').selectAll().execute()).toEqual([]);
  });

  it('has the clean-up job abort uploads abandoned for a day', async () => {
    const init = (
      await t.request<MultipartInitResponse>(
        'POST',
        '/api/s3/multipart/init',
        { filename: 'stale.bin', size: 11 * MIB },
        admin,
      )
    ).body.data;
    t.clock.advance(24 * 3_600_000 + 1);
    expect((await t.server.housekeeping()).files).toBe(1);
    const driver = await t.server.drivers.forConfig(storage.id);
    expect((await driver.listMultipartUploads()).map((u) => u.uploadId)).not.toContain(
      init.upload_id,
    );
  });

  it('aborts the upload in the storage when a commit finds no object', async () => {
    const init = (
      await t.request<MultipartInitResponse>(
        'POST',
        '/api/s3/multipart/init',
        { filename: 'early.bin', size: 6 * MIB },
        admin,
      )
    ).body.data;
    const committed = await t.request('POST', '/api/s3/commit', { file_id: init.file_id }, admin);
    expect(committed.status).toBe(400);
    expect(committed.body.error).toBe('file.object_missing');
    const driver = await t.server.drivers.forConfig(storage.id);
    expect((await driver.listMultipartUploads()).map((u) => u.uploadId)).not.toContain(
      init.upload_id,
    );
    expect(await t.db.selectFrom('file_shares').selectAll().execute()).toEqual([]);
  });

  it('aborts stale uploads of share objects it has no record of, and nothing else', async () => {
    const driver = await t.server.drivers.forConfig(storage.id);
    const orphan = await driver.createMultipart(`docs/${randomUUID()}/lost.bin`, {});
    // Not a share's key (another program's upload in the same bucket): left alone.
    const foreign = await driver.createMultipart('backups/db.tar', {});
    t.clock.advance(24 * 3_600_000 + 1);
    expect(await t.server.useCases.filesHousekeeping.cleanUp()).toMatchObject({
      orphansAborted: 1,
    });
    const left = (await driver.listMultipartUploads()).map((upload) => upload.uploadId);
    expect(left).toContain(foreign.uploadId);
    expect(left).not.toContain(orphan.uploadId);
  });

  it('holds parts to the declared size, whatever the client sends', async () => {
    await t.limitUploads(admin, 1, 'KB');
    const init = (
      await t.request<MultipartInitResponse>(
        'POST',
        '/api/s3/multipart/init',
        { filename: 'small.bin', size: 10 },
        admin,
      )
    ).body.data;
    expect(init.part_count).toBe(1);
    const beyond = await t.request(
      'POST',
      '/api/s3/multipart/parts',
      { file_id: init.file_id, part_numbers: [1, 2, 100] },
      admin,
    );
    expect(beyond.status).toBe(400);
    expect(beyond.body.error).toBe('validation.failed');
    expect(beyond.body.details).toMatchObject({ part_numbers: [2, 100], part_count: 1 });

    const urls = await t.request<{ parts: { partNumber: number; url: string }[] }>(
      'POST',
      '/api/s3/multipart/parts',
      { file_id: init.file_id, part_numbers: [1] },
      admin,
    );
    const url = urls.body.data.parts[0]?.url as string;
    expect(new URL(url, 'http://x').searchParams.get('len')).toBe('10');
    const put = (body: Buffer, length = body.length) =>
      t.server.app.request(url, {
        method: 'PUT',
        body,
        headers: { 'content-length': String(length) },
      });
    // Declared larger than signed: refused before a byte is stored.
    const declared = await put(randomBytes(50 * 1024));
    expect(declared.status).toBe(403);
    expect(((await declared.json()) as { error: string }).error).toBe('storage.signed_url_invalid');
    // Declared as signed, but more bytes arrive: the stream is cut at the signed length.
    const lying = await put(randomBytes(50 * 1024), 10);
    expect(lying.status).toBe(400);
    expect(((await lying.json()) as { error: string }).error).toBe(
      'storage.content_length_mismatch',
    );
    const driver = await t.server.drivers.forConfig(storage.id);
    expect(await driver.listParts(init.storage_path, init.upload_id)).toEqual([]);

    const good = await put(randomBytes(10));
    expect(good.status).toBe(200);
    const done = await t.request<FileShare>(
      'POST',
      '/api/s3/multipart/complete',
      { file_id: init.file_id, parts: [{ partNumber: 1, etag: good.headers.get('etag') }] },
      admin,
    );
    expect(done.body.data).toMatchObject({ status: 'live', size: 10 });
  });

  it('refuses to join parts whose sizes differ from the declared size, keeping nothing', async () => {
    const bytes = randomBytes(6 * MIB);
    const init = (
      await t.request<MultipartInitResponse>(
        'POST',
        '/api/s3/multipart/init',
        { filename: 'short.bin', size: bytes.length },
        admin,
      )
    ).body.data;
    // Only the first part: the object would be 1 MiB short.
    const parts = await sendParts(init, bytes);
    const response = await t.request(
      'POST',
      '/api/s3/multipart/complete',
      { file_id: init.file_id, parts: parts.filter((part) => part.partNumber === 1) },
      admin,
    );
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('file.size_mismatch');
    const driver = await t.server.drivers.forConfig(storage.id);
    expect(await driver.listMultipartUploads()).toEqual([]);
    expect(await driver.head(init.storage_path)).toBeNull();
    expect(await t.db.selectFrom('file_shares').selectAll().execute()).toEqual([]);
  });

  it('answers 400 on a real socket to a part sent to an aborted upload', async () => {
    const init = (
      await t.request<MultipartInitResponse>(
        'POST',
        '/api/s3/multipart/init',
        { filename: 'late.bin', size: 6 * MIB },
        admin,
      )
    ).body.data;
    const url = (
      await t.request<{ parts: { partNumber: number; url: string }[] }>(
        'POST',
        '/api/s3/multipart/parts',
        { file_id: init.file_id, part_numbers: [1] },
        admin,
      )
    ).body.data.parts[0]?.url as string;
    await t.request('POST', '/api/s3/multipart/abort', { file_id: init.file_id }, admin);
    const server = serve({ fetch: t.server.app.fetch, port: 0, hostname: '127.0.0.1' });
    await once(server, 'listening');
    try {
      const { port } = server.address() as AddressInfo;
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = httpRequest(
          `http://127.0.0.1:${port}${url}`,
          { method: 'PUT', headers: { 'content-length': String(5 * MIB) } },
          (response) => {
            let body = '';
            response.on('data', (chunk: Buffer) => {
              body += chunk.toString();
            });
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
            response.on('error', reject);
          },
        );
        request.on('error', reject);
        request.end(randomBytes(5 * MIB));
      });
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body).error).toBe('storage.multipart');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('refuses parts for another key or after completion', async () => {
    const key = (
      await t.request<{ key: string }>(
        'POST',
        '/api/admin/api-keys',
        { name: 'k', file_permission: true },
        admin,
      )
    ).body.data.key;
    const init = (
      await t.request<MultipartInitResponse>(
        'POST',
        '/api/s3/multipart/init',
        { filename: 'mine.bin', size: 6 * MIB },
        admin,
      )
    ).body.data;
    const foreign = await t.request(
      'POST',
      '/api/s3/multipart/parts',
      { file_id: init.file_id, part_numbers: [1] },
      { apiKey: key },
    );
    expect(foreign.status).toBe(404);
    const tooMany = await t.request(
      'POST',
      '/api/s3/multipart/parts',
      { file_id: init.file_id, part_numbers: Array.from({ length: 101 }, (_, i) => i + 1) },
      admin,
    );
    expect(tooMany.status).toBe(400);
  });
});

describe('the clean-up job on local storage', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sharebin-sweep-'));
  const t = useTestServer('sqlite', { dataDir });

  it('removes partial files a crash left in .tmp once they are idle for a day, and only those', async () => {
    const { storage } = await t.signInWithLocalStorage();
    const temp = path.join(dataDir, 'storage', storage.id, '.tmp');
    await mkdir(temp, { recursive: true });
    const day = 24 * 3_600_000;
    const files = { crashed: t.clock.now() - day - 60_000, writing: t.clock.now() - 3_600_000 };
    for (const [name, mtime] of Object.entries(files)) {
      await writeFile(path.join(temp, name), 'partial');
      await utimes(path.join(temp, name), new Date(mtime), new Date(mtime));
    }
    expect(await t.server.useCases.filesHousekeeping.cleanUp()).toMatchObject({
      temporaryFilesRemoved: 1,
    });
    expect(await readdir(temp)).toEqual(['writing']);
  });
});
