import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FsListing, StorageConfig } from '@sharebin/shared';
import { describe, expect, it } from 'vitest';
import { overPostgres, overRedis } from '../../test/cache-probe';
import { expectData } from '../../test/fs-client';
import { uploadForm } from '../../test/harness';
import {
  type InstanceDepsFactory,
  type TestInstance,
  useTwoInstances,
} from '../../test/two-instances';

const POSTGRES_URL = process.env.TEST_POSTGRES_URL as string;
const REDIS_URL = process.env.TEST_REDIS_URL as string;

/** Both instances keep local storages in one folder, as two processes on one volume would. */
function sharingDataDir(
  coordination: InstanceDepsFactory,
): [InstanceDepsFactory, InstanceDepsFactory] {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sharebin-two-'));
  const instance: InstanceDepsFactory = async (database) => ({
    ...(await coordination(database)),
    dataDir,
  });
  return [instance, instance];
}

async function started(instances: [TestInstance, TestInstance]) {
  const [a, b] = instances;
  await a.start();
  await b.start();
  const onA = { token: await a.loginAsAdmin() };
  const onB = { token: await b.loginAsAdmin() };
  const configs = await expectData<StorageConfig[]>(
    a.request('GET', '/api/s3-configs', undefined, onA),
  );
  return { a, b, onA, onB, local: configs[0] as StorageConfig };
}

const names = async (instance: TestInstance, folder: string, token: { token: string }) =>
  (
    await expectData<FsListing>(
      instance.request(
        'GET',
        `/api/admin/fs/list?path=${encodeURIComponent(folder)}`,
        undefined,
        token,
      ),
    )
  ).items
    .map((item) => item.name)
    .sort();

function fileSystemAcrossInstances(t: { instances: [TestInstance, TestInstance] }) {
  it('resolves a mount created on A on B at once, and shows every write on A in a listing on B', async () => {
    const { a, b, onA, onB, local } = await started(t.instances);
    // B builds its mount tree (and its clock never lets it age): only the bus can refresh it.
    expect(await names(b, '/', onB)).toEqual([]);
    const mount = {
      name: 'Docs',
      storage_type: 'local',
      storage_config_id: local.id,
      mount_path: '/docs',
    };
    await expectData(a.request('POST', '/api/admin/mounts', mount, onA), 201);
    await expect.poll(() => names(b, '/', onB), { timeout: 2_000, interval: 5 }).toEqual(['docs']);
    expect(await names(b, '/docs', onB)).toEqual([]);
    const expected: string[] = [];
    for (let i = 0; i < 50; i++) {
      const name = `file-${String(i).padStart(2, '0')}.txt`;
      const form = uploadForm(Buffer.from(name), name, { path: '/docs' });
      await expectData(a.request('POST', '/api/admin/fs/upload', form, onA), 201);
      expected.push(name);
      expect(await names(b, '/docs', onB)).toEqual(expected);
    }
  }, 120_000);

  it('finds a file uploaded on A in a search on B once its index batch is written', async () => {
    const { a, b, onA, onB, local } = await started(t.instances);
    const mount = {
      name: 'Found',
      storage_type: 'local',
      storage_config_id: local.id,
      mount_path: '/found',
    };
    await expectData(a.request('POST', '/api/admin/mounts', mount, onA), 201);
    const form = uploadForm(Buffer.from('needle'), 'needle-in-a.txt', { path: '/found' });
    await expectData(a.request('POST', '/api/admin/fs/upload', form, onA), 201);
    const search = async () =>
      (
        await expectData<{ items: { path: string }[] }>(
          b.request('GET', '/api/admin/fs/search?q=needle-in', undefined, onB),
        )
      ).items.map((item) => item.path);
    // The batch goes INDEX_BATCH_DELAY_MS after the answer; a loaded machine may take longer.
    await expect
      .poll(search, { timeout: 10_000, interval: 20 })
      .toEqual(['/found/needle-in-a.txt']);
  });

  it("carries a storage config edit on A to B's storage resolver", async () => {
    const { a, b, onA, local } = await started(t.instances);
    expect((await b.server.drivers.resolve(local.id)).config.name).toBe(local.name);
    await expectData(a.request('PUT', `/api/s3-configs/${local.id}`, { name: 'Renamed' }, onA));
    await expect
      .poll(async () => (await b.server.drivers.resolve(local.id)).config.name, {
        timeout: 2_000,
        interval: 5,
      })
      .toBe('Renamed');
  });
}

describe.runIf(POSTGRES_URL)('file system across two instances over PostgreSQL', () => {
  const t = useTwoInstances(sharingDataDir(overPostgres(POSTGRES_URL)));
  fileSystemAcrossInstances(t);
});

describe.runIf(POSTGRES_URL && REDIS_URL)('file system across two instances over Redis', () => {
  const keyPrefix = `sharebin-test-${randomBytes(4).toString('hex')}:`;
  const t = useTwoInstances(sharingDataDir(overRedis(REDIS_URL, keyPrefix)));
  fileSystemAcrossInstances(t);
});
