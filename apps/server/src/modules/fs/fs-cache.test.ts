import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Mount, StorageConfig } from '@sharebin/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectData, fsClient } from '../../test/fs-client';
import { ENGINES, type RequestOptions, useTestServer } from '../../test/harness';
import { jobsClient } from '../../test/jobs-kit';
import type { StorageDriver } from '../storage/drivers/storage-driver';

describe.each(ENGINES)('directory cache of the file system on %s', (engine) => {
  const t = useTestServer(engine);
  let admin: RequestOptions;
  let local: StorageConfig;
  const jobs = jobsClient(
    () => t.server,
    () => admin,
  );
  const fs = fsClient(
    () => t.server,
    () => admin,
  );

  /** The storage behind the mounts, to write past Sharebin and to count its listings. */
  async function storage(): Promise<StorageDriver & { listings: number }> {
    const { driver } = await t.server.drivers.resolve(local.id);
    const counted = driver as StorageDriver & { listings: number };
    if (counted.listings === undefined) {
      counted.listings = 0;
      const listDirectory = driver.listDirectory.bind(driver);
      counted.listDirectory = (key, options) => {
        counted.listings += 1;
        return listDirectory(key, options);
      };
    }
    return counted;
  }
  const putBehindSharebin = async (key: string) =>
    (await storage()).put(key, Readable.from([Buffer.from('x')]), { contentLength: 1 });

  beforeEach(async () => {
    ({ admin, storage: local } = await t.signInWithLocalStorage());
  });

  it('serves a listing from the cache for the mount TTL, then reads the storage again', async () => {
    await fs.mount('/docs', local.id, { cache_ttl: 60 });
    expect(await fs.names('/docs')).toEqual([]);
    await putBehindSharebin('late.txt');
    const before = (await storage()).listings;
    expect(await fs.names('/docs')).toEqual([]);
    expect((await storage()).listings).toBe(before);
    t.clock.advance(61_000);
    expect(await fs.names('/docs')).toEqual(['late.txt']);
    expect((await storage()).listings).toBe(before + 1);
  });

  it('reads the storage on every listing of a mount with cache_ttl 0', async () => {
    await fs.mount('/docs', local.id, { cache_ttl: 0 });
    expect(await fs.names('/docs')).toEqual([]);
    await putBehindSharebin('late.txt');
    expect(await fs.names('/docs')).toEqual(['late.txt']);
  });

  it('shows every write through the file system at once, in the folder and above it', async () => {
    await fs.mount('/docs', local.id);
    expect(await fs.names('/docs')).toEqual([]);
    await expectData(fs.upload('/docs', 'a.txt', 'one'), 201);
    expect(await fs.names('/docs')).toEqual(['a.txt']);
    await expectData(fs.request('POST', '/api/admin/fs/mkdir', { path: '/docs/sub/deep' }), 201);
    expect(await fs.names('/docs')).toEqual(['a.txt', 'sub']);
    expect(await fs.names('/docs/sub/deep')).toEqual([]);
    await expectData(fs.upload('/docs/sub/deep', 'b.txt', 'two'), 201);
    expect(await fs.names('/docs/sub/deep')).toEqual(['b.txt']);
    expect(await fs.names('/docs/sub')).toEqual(['deep']);
    await expectData(
      fs.request('POST', '/api/admin/fs/rename', {
        oldPath: '/docs/a.txt',
        newPath: '/docs/c.txt',
      }),
    );
    expect(await fs.names('/docs')).toEqual(['c.txt', 'sub']);
    // A folder deleted takes its cached subtree with it.
    await expectData(fs.request('DELETE', '/api/admin/fs/remove?path=%2Fdocs%2Fsub'));
    expect(await fs.names('/docs')).toEqual(['c.txt']);
    const gone = await fs.list('/docs/sub/deep');
    expect(gone.status).toBe(404);
  });

  it('moves a cached folder: its old listings go, the new place lists it', async () => {
    await fs.mount('/docs', local.id);
    await expectData(fs.request('POST', '/api/admin/fs/mkdir', { path: '/docs/from/inner' }), 201);
    await expectData(fs.request('POST', '/api/admin/fs/mkdir', { path: '/docs/to' }), 201);
    expect(await fs.names('/docs/from/inner')).toEqual([]);
    expect(await fs.names('/docs/to')).toEqual([]);
    const moved = await jobs.finish(
      await jobs.start('move', [{ sourcePath: '/docs/from', targetPath: '/docs/to/' }]),
    );
    expect(moved.success).toBe(1);
    expect((await fs.list('/docs/from/inner')).status).toBe(404);
    expect(await fs.names('/docs/to')).toEqual(['from']);
  });

  it('reads the storage again on refresh=true for a writer, not for a read-only key', async () => {
    await fs.mount('/docs', local.id);
    const reader = await fs.keyWith({ mount_read_only: true });
    expect(await fs.names('/docs', reader)).toEqual([]);
    await putBehindSharebin('late.txt');
    expect(await fs.names('/docs', reader, '&refresh=true')).toEqual([]);
    expect(await fs.names('/docs')).toEqual([]);
    expect(await fs.names('/docs', admin, '&refresh=true')).toEqual(['late.txt']);
    // The refresh reached the cache itself: the reader sees it now too.
    expect(await fs.names('/docs', reader)).toEqual(['late.txt']);
    const writer = await fs.keyWith({});
    await putBehindSharebin('later.txt');
    expect(await fs.names('/docs', writer, '&refresh=1')).toEqual(['late.txt', 'later.txt']);
  });

  it('lets concurrent listings of one folder share one storage call', async () => {
    await fs.mount('/docs', local.id);
    const before = (await storage()).listings;
    const listings = await Promise.all(Array.from({ length: 12 }, () => fs.names('/docs')));
    expect(listings.every((names) => names.length === 0)).toBe(true);
    expect((await storage()).listings).toBe(before + 1);
    const stats = await expectData<{ caches: { name: string; hits: number; misses: number }[] }>(
      fs.request('GET', '/api/admin/cache/stats'),
    );
    const directories = stats.caches.find((cache) => cache.name === 'directories');
    expect(directories?.misses).toBeGreaterThanOrEqual(1);
    expect((directories?.hits ?? 0) + (directories?.misses ?? 0)).toBeGreaterThanOrEqual(12);
  });

  it('drops the listings of the mounts on a storage config that is edited', async () => {
    await fs.mount('/docs', local.id);
    await fs.mount('/more', local.id);
    expect(await fs.names('/docs')).toEqual([]);
    expect(await fs.names('/more')).toEqual([]);
    await putBehindSharebin('late.txt');
    await expectData(fs.request('PUT', `/api/s3-configs/${local.id}`, { name: 'Renamed disk' }));
    expect(await fs.names('/docs')).toEqual(['late.txt']);
    expect(await fs.names('/more')).toEqual(['late.txt']);
  });

  it('drops the listings below a mount that is edited or cleared by mount id', async () => {
    const docs = await fs.mount('/docs', local.id);
    expect(await fs.names('/docs')).toEqual([]);
    await putBehindSharebin('late.txt');
    await expectData(fs.request('PUT', `/api/admin/mounts/${docs.id}`, { remark: 'edited' }));
    expect(await fs.names('/docs')).toEqual(['late.txt']);
    await putBehindSharebin('later.txt');
    expect(await fs.names('/docs')).toEqual(['late.txt']);
    await expectData(fs.request('POST', '/api/admin/cache/clear', { mount_id: docs.id }));
    expect(await fs.names('/docs')).toEqual(['late.txt', 'later.txt']);
    const unknown = await fs.request('POST', '/api/admin/cache/clear', { mount_id: 'nope' });
    expect(unknown.status).toBe(404);
  });

  it('notes when a listing was last read from storage', async () => {
    const docs = await fs.mount('/docs', local.id);
    expect(docs.last_refreshed_at).toBeNull();
    await fs.names('/docs');
    await expect
      .poll(
        async () =>
          (await expectData<Mount>(fs.request('GET', `/api/admin/mounts/${docs.id}`)))
            .last_refreshed_at,
      )
      .toBe(new Date(t.clock.now()).toISOString());
  });

  it('answers 304 to a matching If-None-Match', async () => {
    await fs.mount('/docs', local.id);
    const first = await t.server.app.request('/api/admin/fs/list?path=%2Fdocs', {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    const etag = first.headers.get('etag') as string;
    const again = await t.server.app.request('/api/admin/fs/list?path=%2Fdocs', {
      headers: { authorization: `Bearer ${admin.token}`, 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
  });

  it('answers a cached listing in its stored compressed forms, per encoding and per view', async () => {
    await fs.mount('/docs', local.id);
    for (let i = 0; i < 40; i++) await putBehindSharebin(`file-${i}.txt`);
    const get = (headers: Record<string, string>, options = admin) =>
      t.server.app.request(`/api/${options.token ? 'admin' : 'user'}/fs/list?path=%2Fdocs`, {
        headers: {
          authorization: options.token ? `Bearer ${options.token}` : `ApiKey ${options.apiKey}`,
          ...headers,
        },
      });
    const plain = await get({});
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    const json = Buffer.from(await plain.arrayBuffer());
    expect(JSON.parse(json.toString()).data.items).toHaveLength(40);

    for (const [accepted, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      // The second answer is the first one's stored bytes.
      const answers = [
        await get({ 'accept-encoding': accepted }),
        await get({ 'accept-encoding': accepted }),
      ];
      const bodies = await Promise.all(
        answers.map(async (a) => Buffer.from(await a.arrayBuffer())),
      );
      for (const [index, answer] of answers.entries()) {
        expect(answer.headers.get('content-encoding')).toBe(encoding);
        expect(answer.headers.get('etag')).toBe(plain.headers.get('etag'));
        expect(Number(answer.headers.get('content-length'))).toBe(bodies[index]?.length);
        expect(decode(bodies[index] as Buffer).equals(json)).toBe(true);
      }
      expect(bodies[0]?.length).toBeLessThan(json.length / 4);
    }

    // A read-only key sees the same folder as read-only: its own answer, never the admin's.
    const reader = await fs.keyWith({ mount_permission: true, mount_read_only: true });
    const asReader = await get({ 'accept-encoding': 'br' }, reader);
    const readerJson = JSON.parse(
      brotliDecompressSync(Buffer.from(await asReader.arrayBuffer())).toString(),
    );
    expect(readerJson.data.read_only).toBe(true);
    expect(asReader.headers.get('etag')).not.toBe(plain.headers.get('etag'));
    const asAdmin = await get({ 'accept-encoding': 'br' });
    const adminJson = JSON.parse(
      brotliDecompressSync(Buffer.from(await asAdmin.arrayBuffer())).toString(),
    );
    expect(adminJson.data.read_only).toBe(false);
  });
});
