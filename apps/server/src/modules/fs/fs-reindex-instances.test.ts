import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Mount, ReindexStatus, StorageConfig } from '@sharebin/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectData } from '../../test/fs-client';
import {
  createTestClock,
  type RequestOptions,
  type TestClock,
  uploadForm,
} from '../../test/harness';
import { type TestInstance, testInstance, useTwoInstances } from '../../test/two-instances';
import { REBUILD_STALE_AFTER_MS } from '../search/search.rebuild';
import { createSearchRepository } from '../search/search.repository';
import { createSearchUseCases } from '../search/search.usecases';
import { openSqlite } from '../shared/db';

const POSTGRES_URL = process.env.TEST_POSTGRES_URL as string;

/** Two servers on one SQLite file and one data folder, as two processes on one volume. */
function useTwoSqliteInstances() {
  const context = {} as { instances: [TestInstance, TestInstance]; clock: TestClock; dir: string };
  beforeEach(() => {
    context.dir = mkdtempSync(path.join(tmpdir(), 'sharebin-reindex-'));
    context.clock = createTestClock();
    const instance = () =>
      testInstance(openSqlite(path.join(context.dir, 'sharebin.db')), context.clock, {
        dataDir: context.dir,
      });
    context.instances = [instance(), instance()];
  });
  afterEach(async () => {
    for (const { server, database } of context.instances) {
      await server.drivers.closeAll();
      await server.caches.close();
      await database.db.destroy();
    }
    rmSync(context.dir, { recursive: true, force: true });
  });
  return context;
}

function reindexAcrossInstances(t: { instances: [TestInstance, TestInstance]; clock: TestClock }) {
  it('answers one rebuild status on every instance, and never runs two rebuilds of a mount', async () => {
    const [a, b] = t.instances;
    await a.start();
    await b.start();
    const onA: RequestOptions = { token: await a.loginAsAdmin() };
    const onB: RequestOptions = { token: await b.loginAsAdmin() };
    const [local] = await expectData<StorageConfig[]>(
      a.request('GET', '/api/s3-configs', undefined, onA),
    );
    const mount = await expectData<Mount>(
      a.request(
        'POST',
        '/api/admin/mounts',
        {
          name: 'Docs',
          storage_type: 'local',
          storage_config_id: local?.id,
          mount_path: '/docs',
        },
        onA,
      ),
      201,
    );
    for (const name of ['one.txt', 'two.txt']) {
      const form = uploadForm(Buffer.from(name), name, { path: '/docs' });
      await expectData(a.request('POST', '/api/admin/fs/upload', form, onA), 201);
    }
    const reindex = `/api/admin/mounts/${mount.id}/reindex`;
    const statusOn = (instance: TestInstance, token: RequestOptions) =>
      expectData<ReindexStatus>(instance.request('GET', reindex, undefined, token));
    const start = (instance: TestInstance, token: RequestOptions) =>
      expectData<ReindexStatus>(instance.request('POST', reindex, undefined, token), 202);

    // A rebuild that a third instance holds: the database is all that A and B share with it.
    const elsewhere = createSearchUseCases({
      repository: createSearchRepository(a.database),
      clock: t.clock,
    });
    const held = await elsewhere.claimRebuild(mount.id);
    expect(held).not.toBeNull();
    expect(await start(b, onB)).toMatchObject({ running: true, entries: 0, last_error: null });
    expect(await start(a, onA)).toMatchObject({ running: true });
    expect(await statusOn(a, onA)).toEqual(await statusOn(b, onB));
    // Neither A nor B took the mount over: the held rebuild completes.
    const listed = { path: '/listed.txt', isDirectory: false, size: 1, modifiedAt: null };
    expect(await held?.run([listed])).toEqual({ entries: 1 });
    const done = await statusOn(b, onB);
    expect(done).toMatchObject({ running: false, entries: 1, last_error: null });
    expect(done.rebuilt_at).not.toBeNull();
    expect(await statusOn(a, onA)).toEqual(done);

    // A failure is told by every instance.
    const failing = await elsewhere.claimRebuild(mount.id);
    async function* brokenListing() {
      yield listed;
      throw new Error('storage went away');
    }
    await expect(failing?.run(brokenListing())).rejects.toThrow('storage went away');
    expect(await statusOn(a, onA)).toMatchObject({
      running: false,
      last_error: 'storage went away',
    });
    expect(await statusOn(b, onB)).toMatchObject({ last_error: 'storage went away' });

    // A rebuild whose instance stopped making progress is taken over.
    const stalled = await elsewhere.claimRebuild(mount.id);
    expect(await statusOn(a, onA)).toMatchObject({ running: true, last_error: null });
    t.clock.advance(REBUILD_STALE_AFTER_MS + 1);
    expect(await statusOn(a, onA)).toMatchObject({ running: false });
    await start(b, onB);
    // The rebuild is a job: B's worker takes the queued ones (the two above skip or rebuild).
    await b.server.jobs.worker.runAvailable();
    await expect
      .poll(async () => {
        const status = await statusOn(a, onA);
        return status.running ? 'running' : status;
      })
      .toMatchObject({ running: false, entries: 2, last_error: null });
    await expect(stalled?.run([listed])).rejects.toThrow('took over');
    expect(await statusOn(b, onB)).toEqual(await statusOn(a, onA));
  }, 60_000);
}

describe('search index rebuild across two instances on one SQLite file', () => {
  const t = useTwoSqliteInstances();
  reindexAcrossInstances(t);
});

describe.runIf(POSTGRES_URL)('search index rebuild across two instances on PostgreSQL', () => {
  // One data folder for both, so that B's rebuild walks the files A wrote.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sharebin-reindex-'));
  const t = useTwoInstances([{ dataDir }, { dataDir }]);
  reindexAcrossInstances(t);
});
