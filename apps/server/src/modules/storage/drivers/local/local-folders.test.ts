import { randomBytes } from 'node:crypto';
import {
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  stat,
  statfs,
  unlink,
  utimes,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedFilesystemName } from '../../configs/shared-folder-check';
import { scoped } from '../scoped-driver';
import type { StorageDriver } from '../storage-driver';
import { createLocalDriver } from './local-driver';
import { TEMP_FOLDER } from './local-files';
import { createHmacSigner } from './local-signed-url';
import { onLocalDisk } from './local-stats';

let root: string;
let driver: StorageDriver;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'sharebin-local-folders-'));
  driver = createLocalDriver({
    root,
    signer: createHmacSigner(randomBytes(32).toString('hex')),
    publicPath: '/api/storage/local/folders',
  });
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('local folders', () => {
  it('have their mtime, and their birth time where the file system keeps one', async () => {
    await mkdir(join(root, 'dated', 'sub'), { recursive: true });
    await writeFile(join(root, 'dated', 'sub', 'a.txt'), 'a');
    const modified = new Date('2001-02-03T04:05:06.000Z');
    await utimes(join(root, 'dated', 'sub'), modified, modified);
    const stats = await stat(join(root, 'dated', 'sub'), { bigint: true });
    const created = Number(stats.birthtimeMs) > 0 ? new Date(Number(stats.birthtimeMs)) : modified;

    expect(await driver.stat('dated/sub')).toMatchObject({
      isDirectory: true,
      lastModified: modified,
      created,
    });
    const listed = (await driver.listDirectory('dated')).entries;
    expect(listed).toEqual([
      expect.objectContaining({ key: 'dated/sub', lastModified: modified, created }),
    ]);
    // A mount's view passes them on.
    const view = scoped(driver, { prefix: 'dated' });
    expect((await view.listDirectory('')).entries[0]).toMatchObject({ lastModified: modified });
    expect(await view.stat('sub')).toMatchObject({ lastModified: modified });
  });

  it('reads a large folder once for all the pages of one listing', async () => {
    const folder = join(root, 'many');
    await mkdir(folder);
    const names = Array.from({ length: 2500 }, (_, i) => `f-${String(i).padStart(5, '0')}.txt`);
    await Promise.all(names.map((name) => writeFile(join(folder, name), 'x')));

    const first = await driver.listDirectory('many', { limit: 1000 });
    expect(first.entries).toHaveLength(1000);
    // Made and removed after the folder was read: the pages that follow come from that read
    // (a file deleted since is still left out, each being stat'ed as its page is made).
    await writeFile(join(folder, 'z-late.txt'), 'x');
    await unlink(join(folder, 'f-02000.txt'));
    const rest = [];
    for (let cursor = first.nextCursor; cursor !== null; ) {
      const page = await driver.listDirectory('many', { cursor, limit: 1000 });
      rest.push(...page.entries.map((entry) => entry.name));
      cursor = page.nextCursor;
    }
    expect(rest).toEqual(names.slice(1000).filter((name) => name !== 'f-02000.txt'));

    // A listing begun afterwards reads the folder anew.
    const again = await driver.listDirectory('many', { cursor: 'many/f-02499.txt' });
    expect(again.entries.map((entry) => entry.name)).toEqual(['z-late.txt']);
  });

  it('makes its temp folder and the folders of a file when a write finds them missing', async () => {
    // Not made before every write any more: taken away, they are made again when needed.
    await driver.put('made/once.txt', Readable.from([Buffer.from('1')]), { contentLength: 1 });
    await rm(join(root, TEMP_FOLDER), { recursive: true, force: true });
    await rm(join(root, 'made'), { recursive: true, force: true });
    await driver.put('made/deep/er.txt', Readable.from([Buffer.from('2')]), { contentLength: 1 });
    expect(await readFile(join(root, 'made', 'deep', 'er.txt'), 'utf8')).toBe('2');
    expect(await readdir(join(root, TEMP_FOLDER))).toEqual([]);
  });
});

describe('stats of a listing', () => {
  // Listings on a local disk stat in the loop rather than through the thread pool; a folder
  // that cannot be asked (not there yet) takes the pool, as a network file system does.
  it('tells a folder on a shared file system from one on a local disk, not a missing one', async () => {
    const onShared = sharedFilesystemName((await statfs(root)).type) !== undefined;
    expect(await onLocalDisk(root)).toBe(!onShared);
    expect(await onLocalDisk(join(root, 'no-such-folder'))).toBeUndefined();
  });
});
