import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FsJob, StorageConfig } from '@sharebin/shared';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fsClient } from '../../test/fs-client';
import { ENGINES, type RequestOptions, useTestServer } from '../../test/harness';
import { type S3rverInstance, startS3rver } from '../../test/s3rver';
import { checkedArchive, postZip, saveBody } from '../../test/zip-check';
import { FAILURES_FILE_NAME } from './zip-plan';

const errorOf = async (response: Response) => ((await response.json()) as { error: string }).error;
const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

/** A megabyte and a bit of varied bytes: larger than a chunk, and cached by the CRC cache. */
const bigText = Array.from({ length: 100_000 }, (_, i) => `line ${i} ✓\n`).join('');

/** An HTTP proxy to `target` answering every request `delayMs` late: a storage far away. */
async function startSlowProxy(target: string) {
  const upstream = new URL(target);
  const server = http.createServer((request, response) => {
    setTimeout(() => {
      const forwarded = http.request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: request.method,
          path: request.url,
          headers: request.headers,
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      forwarded.on('error', () => response.destroy());
      request.pipe(forwarded);
    }, proxy.delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const proxy = {
    delayMs: 0,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return proxy;
}

let s3: S3rverInstance;
beforeAll(async () => {
  s3 = await startS3rver();
}, 60_000);
afterAll(() => s3?.stop());

describe.each(ENGINES)('zip downloads on %s', (engine) => {
  const t = useTestServer(engine);
  const fs = fsClient(
    () => t.server,
    () => admin,
  );
  let admin: RequestOptions;
  let local: StorageConfig;
  let workDir: string;

  beforeEach(async () => {
    ({ admin, storage: local } = await t.signInWithLocalStorage());
    workDir = mkdtempSync(path.join(tmpdir(), 'sharebin-zip-'));
  });
  afterEach(() => rmSync(workDir, { recursive: true, force: true }));

  const prefixOf = (options: RequestOptions) => (options.token ? 'admin' : 'user');

  const zip = (paths: unknown, options = admin, headers: Record<string, string> = {}) =>
    postZip(t.server.app, paths, options, headers);

  const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

  /** Saves the archive and has both readers check it; answers Python's view of its entries. */
  async function checked(response: Response) {
    expect(response.status).toBe(200);
    const file = path.join(workDir, `archive-${Math.random()}.zip`);
    const { size, entries } = await checkedArchive(response, file);
    expect(size).toBe(Number(response.headers.get('content-length')));
    return entries;
  }

  async function fillDocs() {
    await fs.mount('/docs', local.id);
    await fs.mount('/other', local.id, { name: 'other' });
    await fs.request('POST', '/api/admin/fs/mkdir', { path: '/docs/reports/empty' });
    await fs.upload('/docs/reports', 'q1.txt', 'first quarter');
    await fs.upload('/docs/reports', 'big.log', bigText);
    await fs.upload('/docs/reports', '年度报告 ✓.md', '# 报告');
    await fs.upload('/docs', 'empty.txt', '');
    await fs.upload('/docs', 'readme.txt', 'read me');
  }

  it('answers folders and files as an archive that unzip and Python accept, byte for byte', async () => {
    await fillDocs();
    const response = await zip(['/docs/reports', '/docs/readme.txt', '/docs/empty.txt']);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="docs.zip"');
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const entries = await checked(response);
    expect(entries.map((entry) => [entry.name, entry.size, entry.sha256])).toEqual(
      expect.arrayContaining([
        ['empty.txt', 0, sha256('')],
        ['readme.txt', 7, sha256('read me')],
        ['reports/', 0, sha256('')],
        ['reports/empty/', 0, sha256('')],
        ['reports/q1.txt', 13, sha256('first quarter')],
        ['reports/big.log', Buffer.byteLength(bigText), sha256(bigText)],
        ['reports/年度报告 ✓.md', Buffer.byteLength('# 报告'), sha256('# 报告')],
      ]),
    );
    expect(entries).toHaveLength(7);
    expect(entries.filter((entry) => entry.isDirectory).map((entry) => entry.name)).toEqual(
      expect.arrayContaining(['reports/', 'reports/empty/']),
    );
  });

  it('names a single folder after itself and its entries below it', async () => {
    await fillDocs();
    const response = await zip(['/docs/reports']);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="reports.zip"');
    const names = (await checked(response)).map((entry) => entry.name).sort();
    expect(names).toEqual([
      'reports/',
      'reports/big.log',
      'reports/empty/',
      'reports/q1.txt',
      'reports/年度报告 ✓.md',
    ]);
  });

  it('resumes with Range: the pieces put together are the full archive, CRCs included', async () => {
    await fillDocs();
    // The ranges come first: nothing has computed a CRC yet, so each range must do it.
    const probe = await zip(['/docs']);
    const size = Number(probe.headers.get('content-length'));
    const etag = probe.headers.get('etag') as string;
    await probe.body?.cancel();
    const middle = Math.floor(size / 2);
    const cuts = [0, 17, 200, 1000, middle, size - 30, size - 5, size];
    const pieces: Buffer[] = [];
    for (const [index, from] of cuts.slice(0, -1).entries()) {
      const to = (cuts[index + 1] as number) - 1;
      const ranged = await zip(['/docs'], admin, {
        range: `bytes=${from}-${to}`,
        'if-range': etag,
      });
      expect(ranged.status).toBe(206);
      expect(ranged.headers.get('content-range')).toBe(`bytes ${from}-${to}/${size}`);
      expect(ranged.headers.get('content-length')).toBe(String(to - from + 1));
      pieces.push(await bytesOf(ranged));
    }
    const full = await bytesOf(await zip(['/docs']));
    expect(full.length).toBe(size);
    expect(Buffer.concat(pieces).equals(full)).toBe(true);

    // A resume after the first download (CRCs now cached) gives the same bytes again.
    const tail = await zip(['/docs'], admin, { range: `bytes=${middle}-` });
    expect((await bytesOf(tail)).equals(full.subarray(middle))).toBe(true);
  });

  it('answers the whole archive when If-Range names an older one, and 416 past the end', async () => {
    await fillDocs();
    const first = await zip(['/docs']);
    const etag = first.headers.get('etag') as string;
    const size = Number(first.headers.get('content-length'));
    await first.body?.cancel();
    await fs.upload('/docs', 'new.txt', 'added since');
    const stale = await zip(['/docs'], admin, { range: 'bytes=100-', 'if-range': etag });
    expect(stale.status).toBe(200);
    expect(stale.headers.get('etag')).not.toBe(etag);
    expect((await checked(stale)).map((entry) => entry.name)).toContain('docs/new.txt');
    const past = await zip(['/docs'], admin, { range: `bytes=${size * 2}-` });
    expect(past.status).toBe(416);
    expect(await errorOf(past)).toBe('file.range_not_satisfiable');
  });

  it('keeps a key inside its base path', async () => {
    await fillDocs();
    await fs.upload('/other', 'secret.txt', 'not for the key');
    const key = await fs.keyWith({ basic_path: '/docs' });

    const outside = await zip(['/other'], key);
    expect(outside.status).toBe(403);
    expect(await errorOf(outside)).toBe('fs.path_forbidden');
    const mixed = await zip(['/docs/readme.txt', '/other/secret.txt'], key);
    expect(mixed.status).toBe(403);
    const climbing = await zip(['/docs/../other'], key);
    expect(climbing.status).toBe(400);
    expect(await errorOf(climbing)).toBe('validation.failed');
    const link = await fs.request('POST', '/api/user/fs/zip/link', { paths: ['/other'] }, key);
    expect(link.status).toBe(403);

    // From the root, the key gets only the branch down to its base path.
    const names = (await checked(await zip(['/'], key))).map((entry) => entry.name);
    expect(names).toContain('docs/readme.txt');
    expect(names.some((name) => name.startsWith('other'))).toBe(false);
    expect(names).not.toContain('secret.txt');
  });

  it('refuses bad requests: no paths, not a list, no credentials, no mount permission', async () => {
    await fillDocs();
    for (const paths of [[], 'docs', [''], ['/docs\0x']]) {
      const response = await zip(paths);
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe('validation.failed');
    }
    const anonymous = await t.server.app.request('/api/admin/fs/zip', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ paths: ['/docs'] }),
    });
    expect(anonymous.status).toBe(401);
    const textOnly = await fs.keyWith({ mount_permission: false, text_permission: true });
    expect((await zip(['/docs'], textOnly)).status).toBe(403);
  });

  it('lists what is gone in a text file inside, and answers 404 when nothing is left', async () => {
    await fillDocs();
    const entries = await checked(await zip(['/docs/readme.txt', '/docs/gone.txt']));
    expect(entries.map((entry) => entry.name).sort()).toEqual([FAILURES_FILE_NAME, 'readme.txt']);
    const file = path.join(workDir, 'again.zip');
    await saveBody(await zip(['/docs/readme.txt', '/docs/gone.txt']), file);
    expect(readFileSync(file).toString('latin1')).toContain(
      '/docs/gone.txt: Nothing at /docs/gone.txt',
    );

    const none = await zip(['/docs/gone.txt']);
    expect(none.status).toBe(404);
    expect(await errorOf(none)).toBe('fs.not_found');
  });

  it('cuts the download short when a file vanishes after the plan', async () => {
    await fillDocs();
    const response = await zip(['/docs/reports']);
    expect(response.status).toBe(200);
    const { driver } = await t.server.drivers.resolve(local.id);
    await driver.deletePrefix('reports');
    await expect(bytesOf(response)).rejects.toThrow(/No object at key/);
  });

  /** A link to the archive of `paths` (its job not yet run), as `options` asks for it. */
  async function linkTo(paths: string[], options = admin) {
    const link = await fs.request<{ url: string; token: string; job_id: string }>(
      'POST',
      `/api/${prefixOf(options)}/fs/zip/link`,
      { paths },
      options,
    );
    expect(link.status).toBe(200);
    const url = new URL(link.body.data.url);
    const get = (headers: Record<string, string> = {}) =>
      t.server.app.request(url.pathname + url.search, { headers });
    return { ...link.body.data, get };
  }
  const runJobs = () => t.server.jobs.worker.runAvailable();

  it('gives a signed link that a job plans, and that downloads and resumes without credentials, until it expires', async () => {
    await fillDocs();
    await fs.upload('/docs/reports/deep', 'inner.txt', 'inner');
    const key = await fs.keyWith({ basic_path: '/docs' });
    const link = await linkTo(['/docs/reports', '/docs/gone.txt'], key);
    expect(link.url).toMatch(/\/api\/user\/fs\/zip\?token=/);
    expect(link.token.length).toBeLessThan(300);
    await runJobs();
    const job = await fs.request<FsJob>('GET', `/api/user/fs/jobs/${link.job_id}`, undefined, key);
    expect(job.body.data).toMatchObject({
      type: 'zip',
      status: 'completed',
      items_total: 4,
      items_done: 4,
      bytes_total: Buffer.byteLength(bigText) + 13 + Buffer.byteLength('# 报告') + 5,
    });
    expect(job.body.data.errors).toEqual([
      expect.objectContaining({ path: '/docs/gone.txt', message: expect.stringMatching(/gone/) }),
    ]);

    const response = await link.get();
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="docs.zip"');
    const entries = await checked(response);
    const direct = await checked(await zip(['/docs/reports', '/docs/gone.txt'], key));
    const view = (list: typeof entries) =>
      list.map((entry) => [entry.name, entry.size, entry.sha256]).sort();
    expect(view(entries)).toEqual(view(direct));
    expect(entries.map((entry) => entry.name)).toContain(FAILURES_FILE_NAME);

    const full = await bytesOf(await link.get());
    const etag = (await link.get()).headers.get('etag') as string;
    for (const from of [0, 1000, full.length - 300, full.length - 10]) {
      const resumed = await link.get({ range: `bytes=${from}-`, 'if-range': etag });
      expect(resumed.status).toBe(206);
      expect((await bytesOf(resumed)).equals(full.subarray(from))).toBe(true);
    }
    const stale = await link.get({ range: 'bytes=1000-', 'if-range': '"other"' });
    expect(stale.status).toBe(200);
    expect((await bytesOf(stale)).equals(full)).toBe(true);

    const forged = await t.server.app.request(
      `/api/user/fs/zip?token=${encodeURIComponent(`${link.token}x`)}`,
    );
    expect(forged.status).toBe(401);
    expect(await errorOf(forged)).toBe('zip.link_invalid');
    t.clock.advance(3600 * 1000 + 1);
    const expired = await link.get();
    expect(expired.status).toBe(401);
    expect(await errorOf(expired)).toBe('zip.link_invalid');
    // Its job goes with the link, not after the 30 days of other jobs.
    await t.server.housekeeping();
    const pruned = await fs.request('GET', `/api/user/fs/jobs/${link.job_id}`, undefined, key);
    expect(pruned.status).toBe(404);
  });

  it('keeps the CRCs a download computed with the plan: the central directory reads no file again', async () => {
    await fillDocs();
    const link = await linkTo(['/docs/reports']);
    await runJobs();
    const full = await bytesOf(await link.get());
    const stored = await t.db
      .selectFrom('job_items')
      .select(['target_path', 'crc'])
      .where('job_id', '=', link.job_id)
      .where('kind', '=', 'file')
      .execute();
    expect(stored).toHaveLength(3);
    for (const row of stored) expect(row.crc).not.toBeNull();

    // With the files gone, the directory and the end of the archive still come out whole, since
    // nothing needs their bytes; the files' own data would not.
    const { driver } = await t.server.drivers.resolve(local.id);
    await driver.deletePrefix('reports');
    // The first central directory record (signature PK\x01\x02; the texts hold no such bytes).
    const firstRecord = full.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    expect(firstRecord).toBeGreaterThan(0);
    const tail = await link.get({ range: `bytes=${firstRecord}-` });
    expect(tail.status).toBe(206);
    expect((await bytesOf(tail)).equals(full.subarray(firstRecord))).toBe(true);
  });

  it('waits for a plan under way, then streams the archive', async () => {
    await fillDocs();
    const link = await linkTo(['/docs']);
    const answer = link.get();
    const job = await fs.request<FsJob>('GET', `/api/admin/fs/jobs/${link.job_id}`);
    expect(job.body.data.status).toBe('pending');
    await runJobs();
    const names = (await checked(await answer)).map((entry) => entry.name);
    expect(names).toEqual(expect.arrayContaining(['docs/', 'docs/reports/big.log']));
    expect(names).toHaveLength(8);
  });

  it('answers a clear error for a cancelled plan', async () => {
    await fillDocs();
    const link = await linkTo(['/docs']);
    await fs.request('POST', `/api/admin/fs/jobs/${link.job_id}/cancel`);
    await runJobs();
    const response = await link.get();
    expect(response.status).toBe(410);
    expect(await errorOf(response)).toBe('zip.plan_failed');
  });

  it('stops the links of a deleted key, of one without mount permission, and of one moved elsewhere', async () => {
    await fillDocs();
    const keyNamed = async (name: string) => {
      const created = await fs.request<{ id: string; key: string }>('POST', '/api/admin/api-keys', {
        name,
        mount_permission: true,
      });
      return { id: created.body.data.id, key: { apiKey: created.body.data.key } };
    };
    const gone = await keyNamed('gone soon');
    const narrowed = await keyNamed('narrowed soon');
    const goneLink = await linkTo(['/docs'], gone.key);
    const narrowedLink = await linkTo(['/docs'], narrowed.key);
    await runJobs();
    expect((await narrowedLink.get()).status).toBe(200);
    const moved = await keyNamed('moved soon');
    const movedLink = await linkTo(['/docs/reports'], moved.key);
    await runJobs();
    await fs.request('PUT', `/api/admin/api-keys/${moved.id}`, { basic_path: '/other' });
    const refused = await movedLink.get();
    expect(refused.status).toBe(403);
    await fs.request('DELETE', `/api/admin/api-keys/${gone.id}`);
    await fs.request('PUT', `/api/admin/api-keys/${narrowed.id}`, { mount_permission: false });
    expect((await goneLink.get()).status).toBe(401);
    expect((await narrowedLink.get()).status).toBe(401);
  });

  it('zips folders of an S3 storage', async () => {
    const storage = await t.addS3Storage(admin, s3.storageFields);
    await fs.mount('/cloud', storage.id, { storage_type: 's3' });
    await fs.upload('/cloud/a', 'one.txt', 'one');
    await fs.upload('/cloud/a/b', 'big.log', bigText);
    const entries = await checked(await zip(['/cloud']));
    expect(entries.map((entry) => [entry.name, entry.sha256]).sort()).toEqual([
      ['cloud/', sha256('')],
      ['cloud/a/', sha256('')],
      ['cloud/a/b/', sha256('')],
      ['cloud/a/b/big.log', sha256(bigText)],
      ['cloud/a/one.txt', sha256('one')],
    ]);
    const full = await bytesOf(await zip(['/cloud']));
    const tail = await zip(['/cloud'], admin, { range: 'bytes=300-' });
    expect((await bytesOf(tail)).equals(full.subarray(300))).toBe(true);
  });

  it('answers a Range of a small folder on a slow storage: the budget counts work, not time', async () => {
    const slow = await startSlowProxy(s3.endpoint);
    try {
      const storage = await t.addS3Storage(admin, { ...s3.storageFields, endpoint: slow.url });
      await fs.mount('/far', storage.id, { storage_type: 's3' });
      await fs.upload('/far/a', 'one.txt', 'one');
      await fs.upload('/far/a/b', 'two.txt', 'two');
      const full = await bytesOf(await zip(['/far']));
      // Every storage request now takes 250 ms: the walk (three folders, one after the other)
      // takes far over a second, and the archive is still planned whole, with its length.
      slow.delayMs = 250;
      const started = Date.now();
      const tail = await zip(['/far'], admin, { range: 'bytes=100-' });
      expect(tail.status).toBe(206);
      expect(Date.now() - started).toBeGreaterThan(750);
      expect(tail.headers.get('content-range')).toBe(`bytes 100-${full.length - 1}/${full.length}`);
      expect((await bytesOf(tail)).equals(full.subarray(100))).toBe(true);
    } finally {
      await slow.close();
    }
  });

  afterAll(() => rm(workDir, { recursive: true, force: true }));
});
