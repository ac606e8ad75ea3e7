import { Readable } from 'node:stream';
import {
  ERROR_CODES,
  type FsSearchResponse,
  type ReindexStarted,
  type ReindexStatus,
  type StorageConfig,
} from '@sharebin/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectData, fsClient } from '../../../test/fs-client';
import { ENGINES, type RequestOptions, useTestServer } from '../../../test/harness';
import { jobsClient } from '../../../test/jobs-kit';

describe.each(ENGINES)('search of the file system on %s', (engine) => {
  const t = useTestServer(engine);
  let admin: RequestOptions;
  let local: StorageConfig;
  let other: StorageConfig;
  const jobs = jobsClient(
    () => t.server,
    () => admin,
  );
  const fs = fsClient(
    () => t.server,
    () => admin,
  );

  const search = (query: string, options = admin) =>
    fs.request<FsSearchResponse>(
      'GET',
      `/api/${options.token ? 'admin' : 'user'}/fs/search?${query}`,
      undefined,
      options,
    );
  const found = async (query: string, options = admin) => {
    const answer = await expectData(search(query, options));
    return { paths: answer.items.map((item) => item.path).sort(), total: answer.total };
  };
  /** The id of the mount at `mountPath`, from a search that finds a file in it. */
  const mountIdOf = async (mountPath: string) =>
    (await expectData(search('q=report'))).items.find((item) => item.mount_path === mountPath)
      ?.mount_id as string;
  const putBehindSharebin = async (storageId: string, key: string) => {
    const { driver } = await t.server.drivers.resolve(storageId);
    await driver.put(key, Readable.from([Buffer.from('x')]), { contentLength: 1 });
  };

  beforeEach(async () => {
    ({ admin, storage: local } = await t.signInWithLocalStorage());
    other = await expectData<StorageConfig>(
      fs.request('POST', '/api/s3-configs', { name: 'Second disk', storage_type: 'local' }),
      201,
    );
    await fs.mount('/docs', local.id);
    await fs.mount('/docs2', other.id);
    await expectData(fs.upload('/docs', 'report.txt', 'a'), 201);
    await expectData(fs.request('POST', '/api/admin/fs/mkdir', { path: '/docs/sub' }), 201);
    await expectData(fs.upload('/docs/sub', 'report-2.txt', 'b'), 201);
    await expectData(fs.upload('/docs2', 'report.txt', 'c'), 201);
  });

  it('finds what uploads and folders added, as entries at their virtual paths', async () => {
    const answer = await expectData(search('q=report'));
    expect(answer.total).toBe(3);
    expect(answer.limit).toBe(50);
    expect(answer.offset).toBe(0);
    const item = answer.items.find((entry) => entry.path === '/docs2/report.txt');
    expect(item).toMatchObject({
      name: 'report.txt',
      is_directory: false,
      size: 1,
      mimetype: 'text/plain',
      mount_path: '/docs2',
      is_mount: false,
    });
    expect(await found('q=sub')).toEqual({ paths: ['/docs/sub'], total: 1 });
    const paged = await expectData(search('q=report&limit=1&offset=1'));
    expect(paged.items).toHaveLength(1);
    expect(paged.total).toBe(3);
  });

  it('searches one mount or one folder and below', async () => {
    const docs2 = await mountIdOf('/docs2');
    expect(await found(`q=report&scope=mount&mount_id=${docs2}`)).toEqual({
      paths: ['/docs2/report.txt'],
      total: 1,
    });
    expect(await found('q=report&scope=directory&path=%2Fdocs%2Fsub')).toEqual({
      paths: ['/docs/sub/report-2.txt'],
      total: 1,
    });
    expect(await found('q=report&scope=directory&path=%2F')).toMatchObject({ total: 3 });
    const unknown = await search('q=report&scope=mount&mount_id=nope');
    expect(unknown.status).toBe(404);
    const noPath = await search('q=report&scope=directory');
    expect(noPath.status).toBe(400);
  });

  it("filters items and totals by the key's base path (/docs never sees /docs2)", async () => {
    const docsKey = await fs.keyWith({ basic_path: '/docs' });
    expect(await found('q=report', docsKey)).toEqual({
      paths: ['/docs/report.txt', '/docs/sub/report-2.txt'],
      total: 2,
    });
    const subKey = await fs.keyWith({ basic_path: '/docs/sub' });
    expect(await found('q=report', subKey)).toEqual({
      paths: ['/docs/sub/report-2.txt'],
      total: 1,
    });
    const docs2 = await mountIdOf('/docs2');
    const hidden = await search(`q=report&scope=mount&mount_id=${docs2}`, docsKey);
    expect(hidden.status).toBe(404);
    const outside = await search('q=report&scope=directory&path=%2Fdocs2', docsKey);
    expect(outside.status).toBe(403);
    expect(outside.body.error).toBe(ERROR_CODES.fsPathForbidden);
  });

  it('leaves out what a nested mount shadows, and finds the nested mount instead', async () => {
    // /docs/sub of the first storage is hidden once /docs/sub is a mount of the second one.
    const nested = await fs.mount('/docs/sub', other.id);
    // The listing indexes what it found, after it answers.
    expect(await fs.names('/docs/sub')).toEqual(['report.txt']);
    await expect
      .poll(async () => await found('q=report'))
      .toEqual({
        paths: ['/docs/report.txt', '/docs/sub/report.txt', '/docs2/report.txt'],
        total: 3,
      });
    expect(await found('q=report&scope=directory&path=%2Fdocs%2Fsub')).toEqual({
      paths: ['/docs/sub/report.txt'],
      total: 1,
    });
    const docs = await mountIdOf('/docs');
    expect(await found(`q=report&scope=mount&mount_id=${docs}`)).toEqual({
      paths: ['/docs/report.txt'],
      total: 1,
    });
    const subKey = await fs.keyWith({ basic_path: '/docs/sub' });
    expect(await found('q=report', subKey)).toEqual({ paths: ['/docs/sub/report.txt'], total: 1 });
    // Deactivated, the nested mount shadows nothing: the first storage's folder is back.
    await expectData(fs.request('PUT', `/api/admin/mounts/${nested.id}`, { is_active: false }));
    expect((await found('q=report-2')).paths).toEqual(['/docs/sub/report-2.txt']);
  });

  it('refuses a keyword of one character', async () => {
    const short = await search('q=r');
    expect(short.status).toBe(400);
    expect(short.body.error).toBe(ERROR_CODES.searchQueryTooShort);
    const blank = await search('q=%20r%20');
    expect(blank.body.error).toBe(ERROR_CODES.searchQueryTooShort);
  });

  it('follows renames, moves, copies and deletes', async () => {
    await expectData(
      fs.request('POST', '/api/admin/fs/rename', {
        oldPath: '/docs/report.txt',
        newPath: '/docs/summary.txt',
      }),
    );
    expect(await found('q=summary')).toEqual({ paths: ['/docs/summary.txt'], total: 1 });
    expect((await found('q=report')).paths).not.toContain('/docs/report.txt');
    await jobs.finish(
      await jobs.start('batch-copy', [{ sourcePath: '/docs/sub', targetPath: '/docs2/' }]),
    );
    expect((await found('q=report-2')).paths).toEqual([
      '/docs/sub/report-2.txt',
      '/docs2/sub/report-2.txt',
    ]);
    await expectData(fs.request('DELETE', '/api/admin/fs/remove?path=%2Fdocs%2Fsub'));
    expect(await found('q=report-2')).toEqual({ paths: ['/docs2/sub/report-2.txt'], total: 1 });
    await jobs.finish(
      await jobs.start('move', [{ sourcePath: '/docs2/sub', targetPath: '/docs/' }]),
    );
    expect(await found('q=report-2')).toEqual({ paths: ['/docs/sub/report-2.txt'], total: 1 });
  });

  it('learns from listings what was written past Sharebin', async () => {
    await putBehindSharebin(local.id, 'sub/late-report.txt');
    await expectData(fs.list('/docs/sub', admin, '&refresh=true'));
    await expect
      .poll(async () => (await found('q=late')).paths)
      .toEqual(['/docs/sub/late-report.txt']);
  });

  it('rebuilds the index of a mount that asks for it on a schedule, and only then', async () => {
    const docs = await mountIdOf('/docs');
    const setEvery = (reindex_minutes: number | null) =>
      fs.request('PUT', `/api/admin/mounts/${docs}`, { reindex_minutes });
    expect((await setEvery(5)).status).toBe(400);
    await expectData(setEvery(15));
    await putBehindSharebin(local.id, 'deep/scheduled.txt');
    /** One look of the scheduler, and every job it leads to run to its end. */
    const scheduledRound = async () => {
      const queued = await t.server.jobs.scheduler.tick();
      await t.server.jobs.worker.runAvailable();
      await t.server.jobs.worker.runAvailable();
      return queued;
    };
    await scheduledRound();
    expect((await found('q=scheduled')).paths).toEqual(['/docs/deep/scheduled.txt']);
    // Scheduled rebuilds are nobody's task: the task manager does not list them.
    expect(await jobs.list()).toEqual([]);

    await putBehindSharebin(local.id, 'deep/later.txt');
    t.clock.advance(14 * 60_000);
    await scheduledRound();
    expect((await found('q=later')).total).toBe(0);
    t.clock.advance(60_000 + 1);
    await scheduledRound();
    expect((await found('q=later')).paths).toEqual(['/docs/deep/later.txt']);

    await expectData(setEvery(null));
    await putBehindSharebin(local.id, 'deep/never.txt');
    t.clock.advance(20 * 60_000);
    await scheduledRound();
    expect((await found('q=never')).total).toBe(0);
  });

  it('rebuilds a mount index from its storage as a job the task manager follows (admin only)', async () => {
    const docs = await mountIdOf('/docs');
    await putBehindSharebin(local.id, 'deep/er/hidden-one.txt');
    await putBehindSharebin(local.id, 'deep/hidden-two.txt');
    expect((await found('q=hidden')).total).toBe(0);
    const started = await expectData<ReindexStarted>(
      fs.request('POST', `/api/admin/mounts/${docs}/reindex`),
      202,
    );
    expect(started.mount_id).toBe(docs);
    const job = await jobs.finish(started.job_id);
    // Its progress is the entries written: 5 files and the 2 folders of the walk.
    expect(job).toMatchObject({
      type: 'reindex',
      status: 'completed',
      success: 1,
      bytes_done: 7,
      subject: { source: '/docs' },
    });
    expect(
      await expectData<ReindexStatus>(fs.request('GET', `/api/admin/mounts/${docs}/reindex`)),
    ).toMatchObject({ running: false, entries: 7, last_error: null });
    const key = await fs.keyWith({});
    const refused = await fs.request('POST', `/api/admin/mounts/${docs}/reindex`, undefined, key);
    expect(refused.status).toBe(403);
    const unknown = await fs.request('POST', '/api/admin/mounts/nope/reindex');
    expect(unknown.status).toBe(404);
  });
});
