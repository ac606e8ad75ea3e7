import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, openSync, readSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fsClient } from '../../test/fs-client';
import { useTestServer } from '../../test/harness';
import { pythonEntries, saveBody, unzipTest } from '../../test/zip-check';

/**
 * Archives past the limits of the classic ZIP format: over 4 GiB (a sparse file, which takes no
 * disk) and over 65,535 entries. They take a minute or so, so they run when ZIP_LARGE_TESTS=1
 * (CI sets it).
 */
const enabled = process.env.ZIP_LARGE_TESTS === '1';
const GiB = 1024 ** 3;
const HUGE_SIZE = 4.5 * GiB;

/** SHA-256 of `size` zero bytes, the content of a sparse file that nothing was written to. */
function zerosSha256(size: number): string {
  const hash = createHash('sha256');
  const block = Buffer.alloc(16 * 1024 * 1024);
  for (let left = size; left > 0; left -= block.length) {
    hash.update(left >= block.length ? block : block.subarray(0, left));
  }
  return hash.digest('hex');
}

describe.runIf(enabled)('Zip64 archives', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sharebin-zip-large-'));
  const t = useTestServer('sqlite', { dataDir });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  async function mountedRoot() {
    const { admin, storage } = await t.signInWithLocalStorage();
    const fs = fsClient(
      () => t.server,
      () => admin,
    );
    await fs.mount('/big', storage.id);
    const root = path.join(dataDir, 'storage', storage.id);
    mkdirSync(root, { recursive: true });
    return { admin, root };
  }

  const zip = (token: string, paths: string[], headers: Record<string, string> = {}) =>
    t.server.app.request('/api/admin/fs/zip', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ paths }),
    });

  it('holds a file over 4 GiB and entries past the 4 GiB offset', async () => {
    const { admin, root } = await mountedRoot();
    execFileSync('truncate', ['-s', String(HUGE_SIZE), path.join(root, 'huge.bin')]);
    writeFileSync(path.join(root, 'z-after.txt'), 'after the huge one');
    const archive = path.join(dataDir, 'huge.zip');

    let started = Date.now();
    const response = await zip(admin.token as string, ['/big']);
    const size = await saveBody(response, archive);
    console.log(`4.5 GiB archive streamed in ${Date.now() - started} ms`);
    expect(size).toBeGreaterThan(HUGE_SIZE);
    expect(size).toBe(Number(response.headers.get('content-length')));

    started = Date.now();
    expect(await unzipTest(archive)).toMatch(/No errors detected/);
    const entries = await pythonEntries(archive);
    console.log(`unzip -t and Python read it in ${Date.now() - started} ms`);
    expect(entries.map((entry) => [entry.name, entry.size, entry.sha256])).toEqual([
      ['big/', 0, zerosSha256(0)],
      ['big/huge.bin', HUGE_SIZE, zerosSha256(HUGE_SIZE)],
      ['big/z-after.txt', 18, createHash('sha256').update('after the huge one').digest('hex')],
    ]);

    // A resume past 4 GiB gives the same bytes as the full download.
    const from = size - 100_000;
    const tail = await zip(admin.token as string, ['/big'], { range: `bytes=${from}-` });
    expect(tail.status).toBe(206);
    const resumed = Buffer.from(await tail.arrayBuffer());
    const saved = Buffer.alloc(size - from);
    const handle = openSync(archive, 'r');
    readSync(handle, saved, 0, saved.length, from);
    expect(resumed.equals(saved)).toBe(true);
  }, 300_000);

  it('holds more than 65,535 entries', async () => {
    const { admin, root } = await mountedRoot();
    const folders = 70;
    const perFolder = 1000;
    for (let f = 0; f < folders; f++) {
      const folder = path.join(root, `folder-${f}`);
      mkdirSync(folder);
      for (let i = 0; i < perFolder; i++) writeFileSync(path.join(folder, `file-${i}.txt`), '');
    }
    writeFileSync(path.join(root, 'folder-0', 'not-empty.txt'), 'some bytes');
    const archive = path.join(dataDir, 'many.zip');

    let started = Date.now();
    await saveBody(await zip(admin.token as string, ['/big']), archive);
    console.log(`${folders * perFolder + 1} files streamed in ${Date.now() - started} ms`);
    started = Date.now();
    expect(await unzipTest(archive)).toMatch(/No errors detected/);
    const entries = await pythonEntries(archive);
    console.log(`unzip -t and Python read it in ${Date.now() - started} ms`);
    expect(entries).toHaveLength(1 + folders + folders * perFolder + 1);
    expect(entries.find((entry) => entry.name === 'big/folder-0/not-empty.txt')).toMatchObject({
      size: 10,
      sha256: createHash('sha256').update('some bytes').digest('hex'),
    });
    expect(entries.filter((entry) => entry.isDirectory)).toHaveLength(1 + folders);
  }, 300_000);
});
