import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { StorageConfig } from '@sharebin/shared';
import { describe, expect, it } from 'vitest';
import { jobsClient, TEST_JOB_TIMINGS } from '../../test/jobs-kit';
import { startedWithMount, type TestInstance, useTwoInstances } from '../../test/two-instances';

const POSTGRES_URL = process.env.TEST_POSTGRES_URL as string;

/** Two instances, each with its own pool, on one PostgreSQL schema and one data folder. */
describe.runIf(POSTGRES_URL)('jobs across two instances over PostgreSQL', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sharebin-jobs-'));
  const deps = { dataDir, jobTimings: TEST_JOB_TIMINGS };
  const t = useTwoInstances([deps, deps]);

  async function started() {
    const [a, b] = t.instances;
    const { admin, fs, folder } = await startedWithMount(t.instances);
    const other = await fs.request<StorageConfig>('POST', '/api/s3-configs', {
      name: 'Second disk',
      storage_type: 'local',
    });
    await fs.mount(`${folder}-b`, other.body.data.id);
    const jobs = (instance: TestInstance) =>
      jobsClient(
        () => instance.server,
        () => admin,
      );
    return { a, b, fs, jobs, source: folder, target: `${folder}-b` };
  }

  it('has each job run by exactly one instance', async () => {
    const { a, b, fs, jobs, source, target } = await started();
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) {
      await fs.upload(source, `f${i}.txt`, `file ${i}`);
      ids.push(
        await jobs(a).start('batch-copy', [
          { sourcePath: `${source}/f${i}.txt`, targetPath: `${target}/` },
        ]),
      );
    }
    const ranBy = new Map<string, string[]>();
    for (const instance of [a, b]) {
      instance.server.jobs.worker.onItemFinished((job) => {
        ranBy.set(job.id, [...(ranBy.get(job.id) ?? []), instance.server.jobs.worker.workerId]);
      });
    }
    await Promise.all([a.server.jobs.worker.runAvailable(), b.server.jobs.worker.runAvailable()]);
    expect([...ranBy.keys()].sort()).toEqual([...ids].sort());
    for (const workers of ranBy.values()) expect(workers).toHaveLength(1);
    for (const id of ids) {
      expect(await jobs(b).job(id)).toMatchObject({ status: 'completed', success: 1 });
    }
    expect(await fs.names(target)).toHaveLength(8);
  });

  it("has the other instance finish a killed instance's job from where it stopped", async () => {
    const { a, b, fs, jobs, source, target } = await started();
    for (let i = 0; i < 4; i++) await fs.upload(`${source}/many`, `f${i}.txt`, `file ${i}`);
    const id = await jobs(a).start('move', [
      { sourcePath: `${source}/many`, targetPath: `${target}/` },
    ]);
    const byA: string[] = [];
    a.server.jobs.worker.onItemFinished((_job, item) => {
      if (item.kind !== 'file') return;
      byA.push(item.source_path);
      if (byA.length === 1) void a.server.jobs.worker.stop({ handBack: false });
    });
    await a.server.jobs.worker.runAvailable();
    expect(byA).toEqual([`${source}/many/f0.txt`]);
    expect(await jobs(b).job(id)).toMatchObject({ status: 'running', items_done: 1 });

    t.clock.advance(TEST_JOB_TIMINGS.leaseMs + 1);
    await b.server.jobs.worker.runAvailable();
    expect(await jobs(b).job(id)).toMatchObject({ status: 'completed', success: 4, failed: 0 });
    expect(await fs.names(`${target}/many`)).toEqual(['f0.txt', 'f1.txt', 'f2.txt', 'f3.txt']);
    expect(await fs.names(source)).toEqual([]);
  });

  it('has an instance that stops gracefully (SIGTERM) give its job back at once, before the lease ends', async () => {
    const { a, b, fs, jobs, source, target } = await started();
    for (let i = 0; i < 4; i++) await fs.upload(`${source}/many`, `f${i}.txt`, `file ${i}`);
    const id = await jobs(a).start('batch-copy', [
      { sourcePath: `${source}/many`, targetPath: `${target}/` },
    ]);
    let stopped: Promise<void> | undefined;
    a.server.jobs.worker.onItemFinished((_job, item) => {
      if (item.kind === 'file') stopped ??= a.server.jobs.worker.stop();
    });
    await a.server.jobs.worker.runAvailable();
    await stopped;
    expect(await jobs(b).job(id)).toMatchObject({ status: 'pending', items_done: 1 });

    // The clock has not moved: without the hand-back the lease would hold the job for B.
    await b.server.jobs.worker.runAvailable();
    expect(await jobs(b).job(id)).toMatchObject({ status: 'completed', success: 4, failed: 0 });
    expect(await fs.names(`${target}/many`)).toEqual(['f0.txt', 'f1.txt', 'f2.txt', 'f3.txt']);
  });
});
