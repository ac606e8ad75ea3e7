import { Readable } from 'node:stream';
import type { FsJob, StorageConfig } from '@sharebin/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { fsKeyWith, ok } from '../../test/fs-kit';
import { ENGINES, type RequestOptions, useTestServer } from '../../test/harness';
import { jobsClient, jobTestClients, TEST_JOB_TIMINGS } from '../../test/jobs-kit';
import { FINISHED_JOB_RETENTION_MS } from './jobs.usecases';

describe.each(ENGINES)('jobs on %s', (engine) => {
  const t = useTestServer(engine, { jobTimings: TEST_JOB_TIMINGS, largeDeleteFiles: 2 });
  let admin: RequestOptions;
  let local: StorageConfig;
  let other: StorageConfig;
  const { fs, jobs } = jobTestClients(
    () => t.server,
    () => admin,
  );
  const read = async (path: string) => (await fs.bytes(path))?.toString() ?? null;

  const upload = (folder: string, name: string, text: string) =>
    ok(fs.upload(folder, name, text), 201);

  beforeEach(async () => {
    ({ admin, storage: local } = await t.signInWithLocalStorage());
    other = await ok<StorageConfig>(
      t.request('POST', '/api/s3-configs', { name: 'Second disk', storage_type: 'local' }, admin),
      201,
    );
    await fs.mount('/a', local.id);
    await fs.mount('/b', other.id);
    await ok(fs.request('POST', '/api/admin/fs/mkdir', { path: '/a/in' }), 201);
  });

  async function* slowly(body: AsyncIterable<Buffer>) {
    for await (const chunk of body) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      yield chunk;
    }
  }

  /** `/a/dir` with `y.txt`, `sub/x.bin` (100 kB) and an empty folder. */
  async function sourceTree() {
    await upload('/a/dir/sub', 'x.bin', 'x'.repeat(100_000));
    await upload('/a/dir', 'y.txt', 'why');
    await ok(fs.request('POST', '/api/admin/fs/mkdir', { path: '/a/dir/empty' }), 201);
  }

  it('copies a folder across storages as a job, with progress in items and bytes', async () => {
    await sourceTree();
    const id = await jobs.start('batch-copy', [{ sourcePath: '/a/dir', targetPath: '/b/' }]);
    expect(await jobs.job(id)).toMatchObject({ type: 'copy', status: 'pending', items_done: 0 });
    const job = await jobs.finish(id);
    expect(job).toMatchObject({
      status: 'completed',
      partial: false,
      subject: { source: '/a/dir', target: '/b', paths: 1 },
      items_total: 2,
      items_done: 2,
      bytes_total: 100_003,
      bytes_done: 100_003,
      success: 2,
      skipped: 0,
      failed: 0,
      errors: [],
    });
    expect(job.started_at).not.toBeNull();
    expect(job.finished_at).not.toBeNull();
    expect((await read('/b/dir/sub/x.bin'))?.length).toBe(100_000);
    // The listings follow the job's writes (directory cache) and the source stays.
    expect(await fs.names('/b/dir')).toEqual(['empty', 'sub', 'y.txt']);
    expect(await fs.names('/a/dir')).toEqual(['empty', 'sub', 'y.txt']);
    expect((await jobs.list()).map((listed) => listed.id)).toEqual([id]);
  });

  it('moves within one storage by the storage itself and across storages file by file', async () => {
    await sourceTree();
    const within = await jobs.start('move', [{ sourcePath: '/a/dir', targetPath: '/a/in/' }]);
    expect(await jobs.finish(within)).toMatchObject({ status: 'completed', success: 1 });
    expect(await fs.names('/a')).toEqual(['in']);
    expect(await fs.names('/a/in/dir')).toEqual(['empty', 'sub', 'y.txt']);

    const across = await jobs.start('move', [{ sourcePath: '/a/in/dir', targetPath: '/b/' }]);
    expect(await jobs.finish(across)).toMatchObject({ status: 'completed', success: 2 });
    expect(await fs.names('/b/dir')).toEqual(['empty', 'sub', 'y.txt']);
    expect(await read('/b/dir/y.txt')).toBe('why');
    // The folder the moved one left stays, as on any disk.
    expect(await fs.names('/a')).toEqual(['in']);
    expect(await fs.names('/a/in')).toEqual([]);
  });

  it('skips, overwrites, renames or refuses what exists, as asked', async () => {
    await sourceTree();
    await upload('/b/dir', 'y.txt', 'old');
    const copyDir = (extra: Record<string, unknown>) =>
      jobs.start('batch-copy', [{ sourcePath: '/a/dir', targetPath: '/b/' }], extra);

    const refused = await jobs.finish(await copyDir({}));
    expect(refused).toMatchObject({ status: 'failed', success: 0, failed: 1 });
    // With the code's values, so that a client words it in its reader's language.
    expect(refused.errors).toEqual([
      {
        path: '/a/dir',
        error: 'fs.already_exists',
        message: expect.any(String),
        details: { path: '/b/dir' },
      },
    ]);
    expect(await fs.names('/b/dir')).toEqual(['y.txt']);

    const skipped = await jobs.finish(await copyDir({ skipExisting: true }));
    expect(skipped).toMatchObject({ status: 'completed', success: 1, skipped: 1, failed: 0 });
    expect(await read('/b/dir/y.txt')).toBe('old');
    expect(await fs.names('/b/dir')).toEqual(['empty', 'sub', 'y.txt']);

    const overwritten = await jobs.finish(await copyDir({ conflict: 'overwrite' }));
    expect(overwritten).toMatchObject({ status: 'completed', success: 2, skipped: 0 });
    expect(await read('/b/dir/y.txt')).toBe('why');

    const renamed = await jobs.finish(await copyDir({ conflict: 'rename' }));
    expect(renamed).toMatchObject({ status: 'completed', success: 2 });
    expect(await fs.names('/b')).toEqual(['dir', 'dir (1)']);
    expect(await fs.names('/b/dir (1)')).toEqual(['empty', 'sub', 'y.txt']);
  });

  it("takes each item's targetPath as its destination, or as a folder when it ends in /", async () => {
    await sourceTree();
    const renamed = await jobs.start('batch-copy', [
      { sourcePath: '/a/dir', targetPath: '/b/renamed' },
      { sourcePath: '/a/dir/y.txt', targetPath: '/b/notes.txt' },
    ]);
    expect(await jobs.finish(renamed)).toMatchObject({ status: 'completed', success: 3 });
    expect(await fs.names('/b')).toEqual(['notes.txt', 'renamed']);
    expect(await fs.names('/b/renamed')).toEqual(['empty', 'sub', 'y.txt']);
    expect(await read('/b/notes.txt')).toBe('why');

    const moved = await jobs.start('move', [{ sourcePath: '/b/notes.txt', targetPath: '/a/in/' }]);
    expect(await jobs.finish(moved)).toMatchObject({ status: 'completed', success: 1 });
    expect(await fs.names('/a/in')).toEqual(['notes.txt']);
  });

  it('copies a folder into itself as it was when the copy started, once', async () => {
    await sourceTree();
    const id = await jobs.start('batch-copy', [{ sourcePath: '/a/dir', targetPath: '/a/dir/' }], {
      conflict: 'rename',
    });
    expect(await jobs.finish(id)).toMatchObject({ status: 'completed', success: 2, failed: 0 });
    expect(await fs.names('/a/dir')).toEqual(['dir', 'empty', 'sub', 'y.txt']);
    expect(await fs.names('/a/dir/dir')).toEqual(['empty', 'sub', 'y.txt']);
    expect((await read('/a/dir/dir/sub/x.bin'))?.length).toBe(100_000);
  });

  it('retries an item that could not be planned with its source and target kept', async () => {
    await sourceTree();
    await upload('/b/dir', 'y.txt', 'in the way');
    const id = await jobs.start('batch-copy', [{ sourcePath: '/a/dir', targetPath: '/b/' }]);
    const refused = await jobs.finish(id);
    expect(refused).toMatchObject({ status: 'failed', failed: 1 });
    expect(refused.errors.map((error) => [error.path, error.error])).toEqual([
      ['/a/dir', 'fs.already_exists'],
    ]);

    await ok(t.request('DELETE', '/api/admin/fs/remove?path=/b/dir', undefined, admin));
    await ok(jobs.request('POST', `/jobs/${id}/retry`));
    expect(await jobs.finish(id)).toMatchObject({ status: 'completed', success: 1, failed: 0 });
    expect(await fs.names('/b/dir')).toEqual(['empty', 'sub', 'y.txt']);
    expect((await read('/b/dir/sub/x.bin'))?.length).toBe(100_000);
  });

  it('keeps the source of a file whose copy failed, and moves it on retry', async () => {
    await sourceTree();
    // A file where the move needs a folder: `sub/x.bin` cannot land, `y.txt` can.
    await upload('/b/dir', 'sub', 'in the way');
    const id = await jobs.start('move', [{ sourcePath: '/a/dir', targetPath: '/b/' }], {
      conflict: 'overwrite',
    });
    const failed = await jobs.finish(id);
    expect(failed).toMatchObject({ status: 'completed', partial: true, success: 1, failed: 1 });
    // The folder that could not be made, the file that could not go into it, and the source
    // folder that stays with that file.
    expect(failed.errors.map((error) => [error.path, error.error])).toEqual([
      ['/a/dir/sub', 'storage.fs_conflict'],
      ['/a/dir/sub/x.bin', 'storage.invalid_key'],
      ['/a/dir', 'fs.folder_kept'],
    ]);
    expect((await read('/a/dir/sub/x.bin'))?.length).toBe(100_000);
    expect(await fs.names('/a/dir')).toEqual(['empty', 'sub']);
    expect(await read('/b/dir/y.txt')).toBe('why');

    await ok(t.request('DELETE', '/api/admin/fs/remove?path=/b/dir/sub', undefined, admin));
    const retried = await ok<FsJob>(jobs.request('POST', `/jobs/${id}/retry`));
    expect(retried).toMatchObject({ status: 'pending', failed: 0 });
    expect(await jobs.finish(id)).toMatchObject({ status: 'completed', success: 2, failed: 0 });
    expect((await read('/b/dir/sub/x.bin'))?.length).toBe(100_000);
    expect(await fs.names('/a')).toEqual(['in']);
  });

  it('refuses, before any job, what the caller may not do or what is not there', async () => {
    await sourceTree();
    await upload('/b', 'out.txt', 'out');
    const refusal = async (
      options: RequestOptions,
      call: string,
      items: { sourcePath: string; targetPath: string }[],
    ) => {
      const prefix = options.token ? 'admin' : 'user';
      const response = await t.request('POST', `/api/${prefix}/fs/${call}`, { items }, options);
      return [response.status, response.body.error];
    };
    const based = await fsKeyWith(t, admin, { basic_path: '/a' });
    expect(
      await refusal(based, 'batch-copy', [{ sourcePath: '/b/out.txt', targetPath: '/a/' }]),
    ).toEqual([403, 'fs.path_forbidden']);
    expect(
      await refusal(based, 'batch-copy', [{ sourcePath: '/a/dir', targetPath: '/b/' }]),
    ).toEqual([403, 'fs.path_forbidden']);
    expect(await refusal(based, 'move', [{ sourcePath: '/b/out.txt', targetPath: '/a/' }])).toEqual(
      [403, 'fs.path_forbidden'],
    );
    const readOnly = await fsKeyWith(t, admin, { mount_read_only: true });
    expect(
      await refusal(readOnly, 'batch-copy', [{ sourcePath: '/a/dir', targetPath: '/a/in/' }]),
    ).toEqual([403, 'fs.read_only']);
    expect(
      await refusal(admin, 'move', [{ sourcePath: '/a/dir', targetPath: '/a/dir/sub/' }]),
    ).toEqual([409, 'fs.into_itself']);
    expect(await refusal(admin, 'move', [{ sourcePath: '/a/nothing', targetPath: '/b/' }])).toEqual(
      [404, 'fs.no_files_to_copy'],
    );
    expect(await jobs.list()).toEqual([]);
    expect(await fs.names('/b')).toEqual(['out.txt']);
    expect(await fs.names('/a/in')).toEqual([]);
  });

  it('holds a key to its base path on source and target, and shows it its own jobs only', async () => {
    await sourceTree();
    const key = await fsKeyWith(t, admin, { basic_path: '/a' });
    const keyJobs = jobsClient(
      () => t.server,
      () => key,
    );
    const id = await keyJobs.start('batch-copy', [
      { sourcePath: '/a/dir/y.txt', targetPath: '/a/dir/sub/' },
    ]);
    expect(await keyJobs.finish(id)).toMatchObject({ status: 'completed', success: 1 });
    expect(await read('/a/dir/sub/y.txt')).toBe('why');
    const adminsOwn = await jobs.start('batch-copy', [{ sourcePath: '/a/dir', targetPath: '/b/' }]);
    expect((await keyJobs.list()).map((job) => job.id)).toEqual([id]);
    const hidden = await keyJobs.request('GET', `/jobs/${adminsOwn}`);
    expect([hidden.status, hidden.body.error]).toEqual([404, 'job.not_found']);
    const cancelled = await keyJobs.request('POST', `/jobs/${adminsOwn}/cancel`);
    expect(cancelled.status).toBe(404);
    expect((await jobs.job(adminsOwn)).status).toBe('pending');
  });

  it('cancels a pending job at once and a running one at its next step, and retries the rest', async () => {
    for (let i = 0; i < 6; i++) await upload('/a/many', `f${i}.txt`, `file ${i}`);
    const pending = await jobs.start('batch-copy', [{ sourcePath: '/a/many', targetPath: '/b/' }]);
    expect(await ok<FsJob>(jobs.request('POST', `/jobs/${pending}/cancel`))).toMatchObject({
      status: 'cancelled',
    });
    await t.server.jobs.worker.runAvailable();
    expect(await fs.names('/b')).toEqual([]);

    const running = await jobs.start('batch-copy', [{ sourcePath: '/a/many', targetPath: '/b/' }]);
    const stopListening = t.server.jobs.worker.onItemFinished(async (job, item) => {
      if (job.id === running && item.kind === 'file') {
        stopListening();
        await ok(jobs.request('POST', `/jobs/${running}/cancel`));
      }
    });
    const cancelled = await jobs.finish(running);
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.items_done).toBeLessThan(6);
    // A file copied as the cancel arrived is there but not counted: the retry does it again.
    expect((await fs.names('/b/many')).length).toBeGreaterThanOrEqual(cancelled.success);

    await ok(jobs.request('POST', `/jobs/${running}/retry`));
    expect(await jobs.finish(running)).toMatchObject({ status: 'completed', success: 6 });
    expect((await fs.names('/b/many')).length).toBe(6);
  });

  it('stops a file in the middle of its copy when the job is cancelled, leaving nothing half-written', async () => {
    await upload('/a/pair', 'a-first.txt', 'first');
    const { driver } = await t.server.drivers.resolve(local.id);
    const chunk = Buffer.alloc(1024 * 1024, 1);
    const size = 64 * chunk.length;
    await driver.put('pair/b-large.bin', Readable.from(Array.from({ length: 64 }, () => chunk)), {
      contentLength: size,
    });
    // The large file is read slowly, so that the cancel always lands in the middle of it.
    const get = driver.get.bind(driver);
    driver.get = async (key, options) => {
      const result = await get(key, options);
      if (!key.endsWith('b-large.bin')) return result;
      return { ...result, body: Readable.from(slowly(result.body)) };
    };
    const id = await jobs.start('batch-copy', [{ sourcePath: '/a/pair', targetPath: '/b/' }]);
    const stopListening = t.server.jobs.worker.onItemFinished(async (_job, item) => {
      if (item.kind !== 'file') return;
      stopListening();
      await ok(jobs.request('POST', `/jobs/${id}/cancel`));
    });
    const cancelled = await jobs.finish(id);
    expect(cancelled).toMatchObject({ status: 'cancelled', items_done: 1, success: 1 });
    expect(await fs.names('/b/pair')).toEqual(['a-first.txt']);
  });

  it('deletes a finished job, refuses to delete an unfinished one, and forgets old ones', async () => {
    await sourceTree();
    const id = await jobs.start('batch-copy', [{ sourcePath: '/a/dir', targetPath: '/b/' }]);
    const early = await jobs.request('DELETE', `/jobs/${id}`);
    expect([early.status, early.body.error]).toEqual([409, 'job.not_finished']);
    await jobs.finish(id);
    await ok(jobs.request('DELETE', `/jobs/${id}`));
    expect((await jobs.request('GET', `/jobs/${id}`)).status).toBe(404);

    const old = await jobs.start('batch-copy', [{ sourcePath: '/a/dir', targetPath: '/a/in/' }]);
    await jobs.finish(old);
    t.clock.advance(FINISHED_JOB_RETENTION_MS - 1_000);
    expect((await t.server.housekeeping()).jobs).toBe(0);
    t.clock.advance(2_000);
    expect((await t.server.housekeeping()).jobs).toBe(1);
    admin = { token: await t.loginAsAdmin() };
    expect(await jobs.list()).toEqual([]);
  });

  it('deletes a large folder by a job with progress, a small one at once', async () => {
    await sourceTree();
    await upload('/b/small', 'one.txt', '1');
    const small = await ok(
      t.request('DELETE', '/api/admin/fs/remove?path=/b/small', undefined, admin),
    );
    expect(small).toBeNull();
    expect(await fs.names('/b')).toEqual([]);

    await upload('/a/dir', 'z.txt', 'zed');
    const large = await ok<{ job_id: string }>(
      t.request('DELETE', '/api/admin/fs/remove?path=/a/dir', undefined, admin),
    );
    expect(await fs.names('/a')).toEqual(['dir', 'in']);
    expect(await jobs.finish(large.job_id)).toMatchObject({
      type: 'delete',
      status: 'completed',
      items_total: 3,
      success: 3,
      bytes_done: 100_006,
    });
    expect(await fs.names('/a')).toEqual(['in']);

    await sourceTree();
    await upload('/a/dir', 'z.txt', 'zed');
    await upload('/a', 'loose.txt', 'l');
    const batch = await ok<{ success: number; job_id?: string }>(
      t.request('POST', '/api/admin/fs/batch-remove', { paths: ['/a/loose.txt', '/a/dir'] }, admin),
    );
    expect(batch.success).toBe(1);
    expect(await jobs.finish(batch.job_id as string)).toMatchObject({ status: 'completed' });
    expect(await fs.names('/a')).toEqual(['in']);
  });

  it('hands a job whose worker died to another server once its lease ran out, which goes on from there', async () => {
    for (let i = 0; i < 5; i++) await upload('/a/many', `f${i}.txt`, `file ${i}`);
    const second = t.secondServer();
    const id = await jobs.start('batch-copy', [{ sourcePath: '/a/many', targetPath: '/b/' }]);
    const first = t.server.jobs.worker;
    const byFirst: string[] = [];
    first.onItemFinished((_job, item) => {
      if (item.kind !== 'file') return;
      byFirst.push(item.source_path);
      // The instance dies after two files: no heartbeat, no hand-back, its lease stays.
      if (byFirst.length === 2) void first.stop({ handBack: false });
    });
    await first.runAvailable();
    expect(byFirst).toEqual(['/a/many/f0.txt', '/a/many/f1.txt']);
    expect(await jobs.job(id)).toMatchObject({ status: 'running', items_done: 2 });
    // Changed after its copy: a redone item would carry the change to the target.
    await upload('/a/many', 'f0.txt', 'changed');

    await second.jobs.worker.runAvailable();
    expect((await jobs.job(id)).status).toBe('running');
    t.clock.advance(TEST_JOB_TIMINGS.leaseMs + 1);
    const bySecond: string[] = [];
    second.jobs.worker.onItemFinished((_job, item) => {
      if (item.kind === 'file') bySecond.push(item.source_path);
    });
    await second.jobs.worker.runAvailable();
    expect(bySecond).toEqual(['/a/many/f2.txt', '/a/many/f3.txt', '/a/many/f4.txt']);
    expect(await jobs.job(id)).toMatchObject({ status: 'completed', success: 5 });
    expect(await read('/b/many/f0.txt')).toBe('file 0');
    expect(await read('/b/many/f4.txt')).toBe('file 4');
    await second.drivers.closeAll();
  });

  it('runs the periodic clean-ups once per period across servers', async () => {
    const second = t.secondServer();
    const tick = async () => [
      ...(await t.server.jobs.scheduler.tick()),
      ...(await second.jobs.scheduler.tick()),
    ];
    // Two schedules: the housekeeping, and the look at mounts whose index is rebuilt on a timer.
    expect(await tick()).toHaveLength(2);
    expect(await tick()).toHaveLength(0);
    t.clock.advance(10 * 60_000);
    const due = await tick();
    expect(due).toHaveLength(2);
    const { id: housekeeping } = await t.db
      .selectFrom('jobs')
      .select('id')
      .where('id', 'in', due)
      .where('type', '=', 'housekeeping')
      .executeTakeFirstOrThrow();
    await second.jobs.worker.runAvailable();
    await t.server.jobs.worker.runAvailable();
    const row = await t.db
      .selectFrom('jobs')
      .select(['status', 'owner_type', 'error'])
      .where('id', '=', housekeeping as string)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'completed', owner_type: 'system', error: null });
    // Scheduled work is not a user's task: the job lists leave it out.
    expect(await jobs.list()).toEqual([]);
    await second.drivers.closeAll();
  });
});
