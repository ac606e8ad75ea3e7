import { randomBytes } from 'node:crypto';
import type {
  FsMultipartInitResponse,
  FsPresignResponse,
  Mount,
  StorageConfig,
} from '@sharebin/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ok } from '../../test/fs-kit';
import { ENGINES, type RequestOptions, uploadForm, useTestServer } from '../../test/harness';
import { jobsClient } from '../../test/jobs-kit';

const MIB = 1024 * 1024;

vi.setConfig({ hookTimeout: 30_000, testTimeout: 30_000 });

describe.each(ENGINES)('storage capacity for file-system writes, on %s', (engine) => {
  const t = useTestServer(engine);
  let admin: RequestOptions;
  let storage: StorageConfig;

  const mount = (name: string, config: StorageConfig) =>
    ok<Mount>(
      t.request(
        'POST',
        '/api/admin/mounts',
        { name, storage_type: 'local', storage_config_id: config.id, mount_path: `/${name}` },
        admin,
      ),
      201,
    );
  const setCapacity = async (config: StorageConfig, bytes: number | null) =>
    ok(t.request('PUT', `/api/s3-configs/${config.id}`, { total_capacity_bytes: bytes }, admin));
  const post = <T = unknown>(call: string, body: unknown) =>
    t.request<T>('POST', `/api/admin/fs/${call}`, body, admin);
  const upload = (folder: string, name: string, bytes: Buffer) =>
    t.request('POST', '/api/admin/fs/upload', uploadForm(bytes, name, { path: folder }), admin);
  const stored = async (config: StorageConfig, key: string) =>
    (await t.server.drivers.forConfig(config.id)).stat(key);
  const held = async () => (await t.db.selectFrom('fs_uploads').selectAll().execute()).length;

  /** A refusal as POST /api/upload answers it, with nothing held afterwards. */
  async function expectRefused(
    response: { status: number; body: { error?: string; details?: unknown; message?: string } },
    numbers: { remaining: number; total: number; fileSize?: number },
  ) {
    expect([response.status, response.body.error]).toEqual([413, 'storage.insufficient']);
    expect(response.body.details).toMatchObject(numbers);
    expect(response.body.message).toMatch(/^Insufficient storage: the file needs \d+ bytes/);
    expect(await held()).toBe(0);
  }

  beforeEach(async () => {
    ({ admin, storage } = await t.signInWithLocalStorage());
    await mount('docs', storage);
  });

  it('refuses a form upload past the room left, streaming, and stores nothing', async () => {
    await setCapacity(storage, 2000);
    await expectRefused(await upload('/docs', 'big.bin', randomBytes(3000)), {
      remaining: 2000,
      total: 2000,
    });
    expect(await stored(storage, 'big.bin')).toBeNull();
    expect((await upload('/docs', 'small.bin', randomBytes(1500))).status).toBe(201);
    expect(await held()).toBe(0);
  });

  it('counts what file shares hold', async () => {
    await setCapacity(storage, 5000);
    const share = await t.request(
      'POST',
      '/api/upload',
      uploadForm(randomBytes(4000), 'share.bin'),
      admin,
    );
    expect(share.status).toBe(201);
    await expectRefused(await upload('/docs', 'big.bin', randomBytes(2000)), {
      remaining: 1000,
      total: 5000,
    });
    expect(await stored(storage, 'big.bin')).toBeNull();
  });

  it('refuses a multipart upload at init, counting the uploads under way', async () => {
    await setCapacity(storage, 20 * MIB);
    const init = (filename: string) =>
      post<FsMultipartInitResponse>('multipart/init', {
        path: '/docs',
        filename,
        fileSize: 12 * MIB,
      });
    const first = await ok(init('a.bin'));
    expect(await held()).toBe(1);
    const second = await init('b.bin');
    expect([second.status, second.body.error]).toEqual([413, 'storage.insufficient']);
    expect(second.body.details).toEqual({
      fileSize: 12 * MIB,
      remaining: 8 * MIB,
      total: 20 * MIB,
    });
    const driver = await t.server.drivers.forConfig(storage.id);
    expect((await driver.listMultipartUploads()).map((u) => u.uploadId)).toEqual([first.uploadId]);
    // The storage's used bytes show what the upload under way holds.
    const configs = await ok<StorageConfig[]>(
      t.request('GET', '/api/s3-configs', undefined, admin),
    );
    expect(configs[0]?.used_bytes).toBe(12 * MIB);
  });

  it('refuses to complete a multipart upload once the capacity is lowered below it', async () => {
    await setCapacity(storage, 20 * MIB);
    const bytes = randomBytes(12 * MIB);
    const started = await ok(
      post<FsMultipartInitResponse>('multipart/init', {
        path: '/docs',
        filename: 'big.bin',
        fileSize: bytes.length,
      }),
    );
    const parts = await Promise.all(
      started.parts.map(async (part) => {
        const start = (part.partNumber - 1) * started.partSize;
        const response = await t.server.app.request(part.url.slice(part.url.indexOf('/api/')), {
          method: 'POST',
          body: new Uint8Array(bytes.subarray(start, start + part.length)),
          headers: {
            authorization: `Bearer ${admin.token}`,
            'content-length': String(part.length),
          },
        });
        const body = (await response.json()) as { data: { etag: string } };
        return { partNumber: part.partNumber, etag: body.data.etag };
      }),
    );
    await setCapacity(storage, MIB);
    await expectRefused(
      await post('multipart/complete', {
        path: started.path,
        uploadId: started.uploadId,
        key: started.key,
        parts,
        fileSize: bytes.length,
      }),
      { fileSize: bytes.length, remaining: MIB, total: MIB },
    );
    expect(await stored(storage, 'big.bin')).toBeNull();
    const driver = await t.server.drivers.forConfig(storage.id);
    expect(await driver.listMultipartUploads()).toEqual([]);
  });

  it('signs no PUT without room, and a commit past the capacity removes what was put', async () => {
    await setCapacity(storage, 1000);
    await expectRefused(
      await post('presign', { path: '/docs', fileName: 'p.bin', fileSize: 3000 }),
      {
        fileSize: 3000,
        remaining: 1000,
        total: 1000,
      },
    );

    await setCapacity(storage, 5000);
    const bytes = randomBytes(3000);
    const signed = await ok<FsPresignResponse>(
      post('presign', { path: '/docs', fileName: 'p.bin', fileSize: bytes.length }),
    );
    const put = await t.server.app.request(signed.url.slice(signed.url.indexOf('/api/')), {
      method: 'PUT',
      body: new Uint8Array(bytes),
      headers: { ...signed.headers, 'content-length': String(bytes.length) },
    });
    expect(put.status).toBe(200);
    await setCapacity(storage, 1000);
    await expectRefused(
      await post('presign/commit', { path: '/docs', fileName: 'p.bin', fileSize: bytes.length }),
      { fileSize: 3000, remaining: 1000, total: 1000 },
    );
    expect(await stored(storage, 'p.bin')).toBeNull();
  });

  it('refuses an edit that does not fit and leaves the file as it was', async () => {
    expect((await upload('/docs', 'note.txt', Buffer.from('before'))).status).toBe(201);
    await setCapacity(storage, 100);
    await expectRefused(
      await post('update', { path: '/docs/note.txt', content: 'x'.repeat(200) }),
      {
        fileSize: 200,
        remaining: 100,
        total: 100,
      },
    );
    const response = await t.server.app.request('/api/admin/fs/download?path=%2Fdocs%2Fnote.txt', {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(await response.text()).toBe('before');
    await ok(post('update', { path: '/docs/note.txt', content: 'after' }));
  });

  it('refuses an edit past the upload size limit with 413 and leaves the file as it was', async () => {
    expect((await upload('/docs', 'note.txt', Buffer.from('before'))).status).toBe(201);
    await t.limitUploads(admin, 1, 'KB');
    const refused = await post('update', { path: '/docs/note.txt', content: 'x'.repeat(1025) });
    expect([refused.status, refused.body.error]).toEqual([413, 'file.too_large']);
    const created = await post('update', { path: '/docs/new.txt', content: 'x'.repeat(2048) });
    expect(created.status).toBe(413);
    expect(await stored(storage, 'new.txt')).toBeNull();
    expect((await stored(storage, 'note.txt'))?.size).toBe(6);
    expect(await held()).toBe(0);
    await ok(post('update', { path: '/docs/note.txt', content: 'x'.repeat(1024) }));
  });

  it('refuses copies and moves into a storage without room for them, copying nothing', async () => {
    const small = await ok<StorageConfig>(
      t.request(
        'POST',
        '/api/s3-configs',
        { name: 'small', storage_type: 'local', total_capacity_bytes: 1000 },
        admin,
      ),
      201,
    );
    await mount('small', small);
    expect((await upload('/docs', 'big.bin', randomBytes(3000))).status).toBe(201);
    expect((await upload('/docs/dir', 'a.bin', randomBytes(600))).status).toBe(201);
    expect((await upload('/docs/dir', 'b.bin', randomBytes(600))).status).toBe(201);

    const jobs = jobsClient(
      () => t.server,
      () => admin,
    );
    const failures = async (id: string) =>
      (await jobs.finish(id)).errors.map(({ path, error }) => `${path} ${error}`).sort();

    // Each file is held against the room left while it is copied (finished files of a mounted
    // storage are not counted: the storage may change outside Sharebin): what does not fit is
    // refused, what fits is copied.
    const copy = await jobs.start('batch-copy', [
      { sourcePath: '/docs/big.bin', targetPath: '/small/' },
      { sourcePath: '/docs/dir', targetPath: '/small/' },
    ]);
    expect(await failures(copy)).toEqual(['/docs/big.bin storage.insufficient']);
    const target = await t.server.drivers.forConfig(small.id);
    expect(await target.stat('big.bin')).toBeNull();
    expect(await target.stat('dir/a.bin')).not.toBeNull();
    expect(await held()).toBe(0);

    // A move that cannot copy keeps its source.
    const move = await jobs.start('move', [{ sourcePath: '/docs/big.bin', targetPath: '/small/' }]);
    expect(await failures(move)).toEqual(['/docs/big.bin storage.insufficient']);
    expect(await stored(storage, 'big.bin')).not.toBeNull();
    expect(await target.stat('big.bin')).toBeNull();

    // Within one storage, a copy adds bytes too; a move adds none.
    await setCapacity(storage, 1000);
    const sameCopy = await jobs.start('batch-copy', [
      { sourcePath: '/docs/big.bin', targetPath: '/docs/dir/' },
    ]);
    expect(await failures(sameCopy)).toEqual(['/docs/big.bin storage.insufficient']);
    expect(await stored(storage, 'dir/big.bin')).toBeNull();
    const sameMove = await jobs.start('move', [
      { sourcePath: '/docs/big.bin', targetPath: '/docs/dir/' },
    ]);
    expect((await jobs.finish(sameMove)).success).toBe(1);
    expect(await stored(storage, 'dir/big.bin')).not.toBeNull();
  });
});
