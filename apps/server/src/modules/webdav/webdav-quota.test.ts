import { statfs } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import type { StorageConfig } from '@sharebin/shared';
import { describe, expect, it } from 'vitest';
import { davRequest } from '../../test/dav-kit';
import { adminWithDocsMount, useS3rver } from '../../test/fs-kit';
import { ENGINES, type RequestOptions, uploadForm, useTestServer } from '../../test/harness';
import { createDavQuota } from './dav-quota';
import { responsesOf } from './webdav-xml.testkit';

const QUOTA = `<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:prop><D:quota-available-bytes/><D:quota-used-bytes/></D:prop></D:propfind>`;
const AVAILABLE = '{DAV:}quota-available-bytes';
const USED = '{DAV:}quota-used-bytes';

describe.each(ENGINES)('WebDAV quota (RFC 4331) on %s', (engine) => {
  const t = useTestServer(engine);
  const s3rver = useS3rver();
  const dav = (method: string, at: string, options?: Parameters<typeof davRequest>[3]) =>
    davRequest(() => t.server, method, at, options);
  const quotaAt = async (at: string, depth = '1') =>
    responsesOf(
      await (await dav('PROPFIND', at, { headers: { Depth: depth }, body: QUOTA })).text(),
    );
  const setCapacity = async (storage: StorageConfig, bytes: number, admin: RequestOptions) =>
    expect(
      (
        await t.request(
          'PUT',
          `/api/s3-configs/${storage.id}`,
          { total_capacity_bytes: bytes },
          admin,
        )
      ).status,
    ).toBe(200);

  it('shows a capacity less what the storage holds on its folders; files and allprop have none', async () => {
    const { admin, storage } = await adminWithDocsMount(t, 'local', s3rver);
    await setCapacity(storage, 1_000_000, admin);
    const shared = await t.request(
      'POST',
      '/api/upload',
      uploadForm(Buffer.alloc(1234, 1), 'held.bin', { s3_config_id: storage.id }),
      admin,
    );
    expect(shared.status).toBe(201);
    expect((await dav('MKCOL', '/dav/docs/sub/')).status).toBe(201);
    expect((await dav('PUT', '/dav/docs/a.txt', { body: 'abc' })).status).toBe(201);

    const answer = await quotaAt('/dav/docs/');
    for (const folder of ['/dav/docs/', '/dav/docs/sub/']) {
      expect(answer.get(folder)?.get(AVAILABLE)).toEqual({ status: 200, text: '998766' });
      expect(answer.get(folder)?.get(USED)).toEqual({ status: 200, text: '1234' });
    }
    expect(answer.get('/dav/docs/a.txt')?.get(AVAILABLE)?.status).toBe(404);
    expect(answer.get('/dav/docs/a.txt')?.get(USED)?.status).toBe(404);
    // Above the mounts there is no storage to tell of.
    expect((await quotaAt('/dav/', '0')).get('/dav/')?.get(AVAILABLE)?.status).toBe(404);
    // RFC 4331 §3: allprop leaves them out.
    const all = await (await dav('PROPFIND', '/dav/docs/', { headers: { Depth: '0' } })).text();
    expect(all).not.toContain('quota-');
  });

  it("shows a local storage's file system when it has no capacity", async () => {
    await adminWithDocsMount(t, 'local', s3rver);
    const answer = (await quotaAt('/dav/docs/', '0')).get('/dav/docs/');
    const available = Number(answer?.get(AVAILABLE)?.text);
    const used = Number(answer?.get(USED)?.text);
    expect(available).toBeGreaterThan(0);
    expect(used).toBeGreaterThan(0);
    // Free and used space move as other programs write, their sum (the room for users) never.
    // The test server's DATA_DIR is made in the temp folder, on its file system.
    const disk = await statfs(tmpdir());
    expect(available + used).toBe((disk.blocks - disk.bfree + disk.bavail) * disk.bsize);
  });

  it('has no quota for S3 storage without a capacity', async () => {
    await adminWithDocsMount(t, 's3', s3rver);
    const answer = (await quotaAt('/dav/docs/', '0')).get('/dav/docs/');
    expect(answer?.get(AVAILABLE)?.status).toBe(404);
    expect(answer?.get(USED)?.status).toBe(404);
  });
});

describe('createDavQuota', () => {
  const figures = { bsize: 4096, blocks: 1000, bfree: 300, bavail: 250 };
  const quotaFor = (config: {
    storage_type: 'local' | 's3';
    total_capacity_bytes: number | null;
  }) => {
    const looked: string[] = [];
    const quota = createDavQuota({
      storageAt: async (at) => (at.startsWith('/docs') ? 'config-1' : null),
      configOf: async () => ({ ...config, used_bytes: 400 }),
      localFolderOf: async () => '/data/storage/config-1/missing/yet',
      statfsOf: async (folder) => {
        looked.push(folder);
        if (folder !== '/data/storage') throw Object.assign(new Error('gone'), { code: 'ENOENT' });
        return figures;
      },
    });
    return { quota, looked };
  };

  it('answers a capacity less what the storage holds, never below nothing', async () => {
    const { quota } = quotaFor({ storage_type: 's3', total_capacity_bytes: 1000 });
    expect(await quota('/docs/a')).toEqual({ availableBytes: 600, usedBytes: 400 });
    const full = quotaFor({ storage_type: 'local', total_capacity_bytes: 100 });
    expect(await full.quota('/docs')).toEqual({ availableBytes: 0, usedBytes: 400 });
  });

  it("answers a local storage's file system, from its nearest existing folder", async () => {
    const { quota, looked } = quotaFor({ storage_type: 'local', total_capacity_bytes: null });
    expect(await quota('/docs')).toEqual({ availableBytes: 250 * 4096, usedBytes: 700 * 4096 });
    expect(looked).toEqual([
      '/data/storage/config-1/missing/yet',
      '/data/storage/config-1/missing',
      '/data/storage/config-1',
      '/data/storage',
    ]);
  });

  it('answers nothing for S3 without a capacity, nor above the mounts', async () => {
    const { quota } = quotaFor({ storage_type: 's3', total_capacity_bytes: null });
    expect(await quota('/docs')).toBeNull();
    expect(await quota('/')).toBeNull();
  });
});
