import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { StorageConfig } from '@sharebin/shared';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listenForClients } from '../../test/dav-kit';
import { eventually, openFds } from '../../test/eventually';
import { fsClient } from '../../test/fs-client';
import { ENGINES, type RequestOptions, useTestServer } from '../../test/harness';
import { checkedArchive, type PythonEntry, postZip } from '../../test/zip-check';
import { FAILURES_FILE_NAME } from './zip-plan';

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');
/** More than a megabyte: opened when its turn comes, not ahead. */
const bigText = Array.from({ length: 100_000 }, (_, i) => `line ${i} ✓\n`).join('');
const MIB = 1024 * 1024;

const view = (entries: PythonEntry[]) =>
  entries.map((entry) => [entry.name, entry.size, entry.sha256, entry.isDirectory]).sort();

describe.each(ENGINES)('zip downloads past the inline budget, on %s', (engine) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sharebin-zip-streamed-'));
  // Three entries (and folders enough, so that only the entries decide); the exact archive to
  // compare with is had by raising `entries` for one request.
  const budget = { entries: 3, folders: 1_000 };
  // 300 bytes of central directory in memory: the rest goes through the temp file (a record is
  // 80 to 120 bytes here), so every archive below reads part of its directory back from it.
  const t = useTestServer(engine, {
    dataDir,
    zipLimits: { inlinePlan: budget, maxEntries: 40, centralMemoryBytes: 300 },
  });
  let workDir: string;
  let admin: RequestOptions;
  let local: StorageConfig;
  const fs = fsClient(
    () => t.server,
    () => admin,
  );

  beforeEach(async () => {
    budget.entries = 3;
    ({ admin, storage: local } = await t.signInWithLocalStorage());
    workDir = mkdtempSync(path.join(tmpdir(), 'sharebin-zip-'));
    await fs.mount('/docs', local.id);
    await fs.request('POST', '/api/admin/fs/mkdir', { path: '/docs/reports/empty' });
    await fs.upload('/docs/reports', 'q1.txt', 'first quarter');
    await fs.upload('/docs/reports', 'big.log', bigText);
    await fs.upload('/docs/reports', '年度报告 ✓.md', '# 报告');
    await fs.upload('/docs/reports', 'nothing.txt', '');
    await fs.upload('/docs/reports/deep', 'inner.txt', 'inner');
    await fs.upload('/docs', 'readme.txt', 'read me');
  });
  afterEach(() => rmSync(workDir, { recursive: true, force: true }));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const zip = (paths: unknown, headers: Record<string, string> = {}) =>
    postZip(t.server.app, paths, admin, headers);
  const storedPath = (key: string) => path.join(dataDir, 'storage', local.id, key);

  /** A streamed answer: 200, chunked, not resumable; both readers check it. */
  async function checkedStreamed(response: Response) {
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBeNull();
    expect(response.headers.get('accept-ranges')).toBe('none');
    expect(response.headers.get('etag')).toBeNull();
    expect(response.headers.get('content-range')).toBeNull();
    const file = path.join(workDir, `archive-${Math.random()}.zip`);
    return { file, ...(await checkedArchive(response, file)) };
  }

  it('streams a folder past its budget, holding what the exact archive of the same paths holds', async () => {
    const paths = ['/docs/reports', '/docs/readme.txt'];
    const streamed = await zip(paths);
    expect(streamed.headers.get('content-type')).toBe('application/zip');
    expect(streamed.headers.get('content-disposition')).toBe('attachment; filename="docs.zip"');
    const { entries } = await checkedStreamed(streamed);

    budget.entries = 1_000;
    const exact = await zip(paths);
    expect(exact.headers.get('accept-ranges')).toBe('bytes');
    const exactFile = path.join(workDir, 'exact.zip');
    const planned = await checkedArchive(exact, exactFile);
    expect(planned.size).toBe(Number(exact.headers.get('content-length')));

    expect(view(entries)).toEqual(view(planned.entries));
    expect(view(entries)).toEqual(
      [
        ['readme.txt', 7, sha256('read me'), false],
        ['reports/', 0, sha256(''), true],
        ['reports/big.log', Buffer.byteLength(bigText), sha256(bigText), false],
        ['reports/deep/', 0, sha256(''), true],
        ['reports/deep/inner.txt', 5, sha256('inner'), false],
        ['reports/empty/', 0, sha256(''), true],
        ['reports/nothing.txt', 0, sha256(''), false],
        ['reports/q1.txt', 13, sha256('first quarter'), false],
        ['reports/年度报告 ✓.md', Buffer.byteLength('# 报告'), sha256('# 报告'), false],
      ].sort(),
    );
  });

  it('answers the whole archive to a Range on a streamed answer', async () => {
    const ranged = await zip(['/docs/reports'], { range: 'bytes=100-', 'if-range': '"any"' });
    const { entries } = await checkedStreamed(ranged);
    expect(entries.map((entry) => entry.name)).toContain('reports/big.log');
  });

  it('names a file gone or changed between its listing and its reading, and still opens', async () => {
    await fs.upload('/docs', 'changes.txt', 'before');
    await fs.upload('/docs', 'gone-soon.txt', 'soon gone');
    // Found first (byte order of the paths): listed by the time the answer comes, read later.
    const response = await zip(['/docs/changes.txt', '/docs/gone-soon.txt', '/docs/reports']);
    rmSync(storedPath('gone-soon.txt'));
    writeFileSync(storedPath('changes.txt'), 'after, and longer');
    const { entries, file } = await checkedStreamed(response);
    const names = entries.map((entry) => entry.name);
    expect(names).not.toContain('gone-soon.txt');
    expect(names).not.toContain('changes.txt');
    expect(names).toContain('reports/q1.txt');
    expect(names.at(-1)).toBe(FAILURES_FILE_NAME);
    const text = readFileSync(file).toString('utf8');
    expect(text).toMatch(/\/docs\/gone-soon\.txt: .*gone-soon\.txt/);
    expect(text).toContain('/docs/changes.txt: it changed since it was listed (17 bytes, not 6)');
  });

  it('completes a file that shrinks while it is read with zeros, and names it', async () => {
    const big = Buffer.alloc(8 * MIB, 'x');
    await fs.upload('/docs/huge', 'shrinks.bin', big.toString());
    const response = await zip(['/docs/huge', '/docs/reports']);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    // Backpressure holds the reading well before the file's end: it is cut under the reader.
    truncateSync(storedPath('huge/shrinks.bin'), 0);
    const rest: Uint8Array[] = [first.value as Uint8Array];
    for (let read = await reader.read(); !read.done; read = await reader.read())
      rest.push(read.value);
    const { entries, file } = await checkedStreamed(
      new Response(new Blob(rest).stream(), { headers: response.headers }),
    );
    const shrunk = entries.find((entry) => entry.name === 'huge/shrinks.bin') as PythonEntry;
    expect(shrunk.size).toBe(big.length);
    expect(shrunk.sha256).not.toBe(sha256(big));
    expect(entries.at(-1)?.name).toBe(FAILURES_FILE_NAME);
    expect(readFileSync(file).toString('latin1')).toMatch(
      /\/docs\/huge\/shrinks\.bin: it shrank while being read; its copy here holds \d+ bytes, then zeros/,
    );
  });

  it('fails the stream, not a complete-looking archive, past the most entries once under way', async () => {
    for (let i = 0; i < 40; i++) await fs.upload('/docs/many', `file-${i}.txt`, `file ${i}`);
    const response = await zip(['/docs/many']);
    expect(response.status).toBe(200);
    await expect(response.arrayBuffer()).rejects.toThrow();
  });

  describe('over a socket', () => {
    let listening: Awaited<ReturnType<typeof listenForClients>>;
    beforeEach(async () => {
      listening = await listenForClients(t.server);
    });
    afterEach(() => listening.close());

    /** Starts the archive of `paths`; answers once its first bytes have come. */
    function startDownload(paths: string[]) {
      const body = JSON.stringify({ paths });
      return new Promise<{ response: http.IncomingMessage; request: http.ClientRequest }>(
        (resolve, reject) => {
          const request = http.request(`${listening.url}/api/admin/fs/zip`, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${admin.token}`,
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
            },
          });
          request.on('response', (response) => {
            response.once('data', () => {
              response.pause();
              resolve({ response, request });
            });
            response.once('error', () => {});
          });
          request.on('error', reject); // once answered, the abort that follows is ours
          request.end(body);
        },
      );
    }

    it('is sent chunked, and a client leaving mid-stream leaves no file open', async () => {
      // Files small enough to be opened ahead, more in all than the sockets' buffers hold; tiny
      // ones before them, whose records fill the directory's memory: its temp file is open too.
      mkdirSync(storedPath('huge'));
      for (let i = 0; i < 8; i++) writeFileSync(storedPath(`huge/a-tiny-${i}.txt`), `tiny ${i}`);
      for (let i = 0; i < 24; i++) {
        writeFileSync(storedPath(`huge/part-${i}.bin`), Buffer.alloc(MIB - 1, i));
      }
      // A first download to the end: pools and lazy modules are there before the baseline.
      await (await zip(['/docs/reports'])).arrayBuffer();
      const baseline = openFds();

      const { response, request } = await startDownload(['/docs/huge']);
      expect(response.headers['transfer-encoding']).toBe('chunked');
      expect(response.headers['content-length']).toBeUndefined();
      // Bytes are under way, with the next files opened ahead (the headers can come first; the
      // unread archive then holds them open, so waiting for them cannot pass by chance).
      await eventually(() => expect(openFds()).toBeGreaterThan(baseline + 2));
      request.destroy();
      await eventually(() => expect(openFds()).toBeLessThanOrEqual(baseline));
    });
  });
});
