import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_JOB_TIMINGS } from '../../test/jobs-kit';
import { startedWithMount, useTwoInstances } from '../../test/two-instances';
import { pythonEntries, saveBody, unzipTest } from '../../test/zip-check';

const POSTGRES_URL = process.env.TEST_POSTGRES_URL as string;

/** A link made on one instance, its plan run by it, its archive served by the other. */
describe.runIf(POSTGRES_URL)('zip links across two instances over PostgreSQL', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sharebin-zip-two-'));
  const deps = { dataDir, jobTimings: TEST_JOB_TIMINGS };
  const t = useTwoInstances([deps, deps]);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('serves the archive planned by one instance from the other, ranges included', async () => {
    const [a, b] = t.instances;
    const { fs, folder } = await startedWithMount(t.instances);
    for (let i = 0; i < 30; i++) await fs.upload(`${folder}/d${i % 3}`, `f${i}.txt`, `file ${i}`);

    const link = await fs.request<{ url: string; job_id: string }>(
      'POST',
      '/api/admin/fs/zip/link',
      { paths: [folder] },
    );
    await a.server.jobs.worker.runAvailable();
    const url = new URL(link.body.data.url);
    const fromB = (headers: Record<string, string> = {}) =>
      b.server.app.request(url.pathname + url.search, { headers });

    const file = path.join(dataDir, 'from-b.zip');
    const response = await fromB();
    expect(response.status).toBe(200);
    expect(await saveBody(response, file)).toBe(Number(response.headers.get('content-length')));
    expect(await unzipTest(file)).toMatch(/No errors detected/);
    const entries = await pythonEntries(file);
    expect(entries.filter((entry) => !entry.isDirectory)).toHaveLength(30);
    expect(entries.filter((entry) => entry.isDirectory)).toHaveLength(4);

    const full = Buffer.from(await (await fromB()).arrayBuffer());
    const fromA = await a.server.app.request(url.pathname + url.search);
    expect(Buffer.from(await fromA.arrayBuffer()).equals(full)).toBe(true);
    const tail = await fromB({ range: 'bytes=500-' });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(full.subarray(500))).toBe(true);
  });
});
