import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scoped } from '../scoped-driver';
import type { StorageDriver } from '../storage-driver';
import { ObjectNotFoundError, ReadOnlyStorageError } from '../storage-driver.errors';
import { createLocalDriver } from './local-driver';
import { createHmacSigner } from './local-signed-url';

const body = (text: string) => Readable.from([Buffer.from(text)]);

describe('local host folder: links never lead out of it', () => {
  let base: string;
  let served: string;
  let sibling: string;
  let driver: StorageDriver;

  beforeEach(async () => {
    base = await mkdtemp(join(tmpdir(), 'sharebin-hostfolder-'));
    served = join(base, 'served');
    sibling = join(base, 'sibling');
    await mkdir(join(served, 'docs'), { recursive: true });
    await mkdir(sibling);
    await writeFile(join(sibling, 'secret.txt'), 'sibling secret');
    await writeFile(join(served, 'docs', 'mine.txt'), 'mine');
    await symlink('/etc', join(served, 'etc-link'));
    await symlink(sibling, join(served, 'sibling-link'));
    await symlink(join(sibling, 'secret.txt'), join(served, 'docs', 'secret-link.txt'));
    driver = createLocalDriver({
      root: served,
      workRoot: join(base, 'work'),
      hostFolder: true,
      signer: createHmacSigner(randomBytes(32).toString('hex')),
      publicPath: '/api/storage/local/host',
    });
  });
  afterEach(() => rm(base, { recursive: true, force: true }));

  it('reads nothing through a link to /etc or to a sibling folder', async () => {
    await expect(driver.get('etc-link/hostname')).rejects.toBeInstanceOf(ObjectNotFoundError);
    await expect(driver.get('sibling-link/secret.txt')).rejects.toBeInstanceOf(ObjectNotFoundError);
    await expect(driver.get('docs/secret-link.txt')).rejects.toBeInstanceOf(ObjectNotFoundError);
    expect(await driver.head('sibling-link/secret.txt')).toBeNull();
    expect(await driver.stat('etc-link')).toBeNull();
    expect(await driver.stat('docs/secret-link.txt')).toBeNull();
  });

  it('refuses links made after the root was resolved, and follows links that stay inside', async () => {
    // The root's real path is resolved once, by the first call; links come after it.
    expect((await driver.get('docs/mine.txt')).bytes?.toString()).toBe('mine');
    await symlink(sibling, join(served, 'late-link'));
    await symlink(join(sibling, 'secret.txt'), join(served, 'docs', 'late.txt'));
    await symlink(join(served, 'docs', 'mine.txt'), join(served, 'docs', 'alias.txt'));
    await symlink(join(served, 'docs'), join(served, 'docs-alias'));

    await expect(driver.get('late-link/secret.txt')).rejects.toBeInstanceOf(ObjectNotFoundError);
    await expect(driver.get('docs/late.txt')).rejects.toBeInstanceOf(ObjectNotFoundError);
    expect(await driver.head('docs/late.txt')).toBeNull();
    expect(await driver.stat('late-link/secret.txt')).toBeNull();
    await expect(
      driver.put('late-link/planted.txt', body('x'), { contentLength: 1 }),
    ).rejects.toMatchObject({ reason: 'outside_root' });
    await expect(
      driver.put('docs/late.txt', body('x'), { contentLength: 1 }),
    ).rejects.toMatchObject({ reason: 'outside_root' });
    expect(await readdir(sibling)).toEqual(['secret.txt']);

    expect((await driver.get('docs/alias.txt')).bytes?.toString()).toBe('mine');
    expect((await driver.get('docs-alias/mine.txt')).bytes?.toString()).toBe('mine');
    expect(await driver.stat('docs/alias.txt')).toMatchObject({ isDirectory: false, size: 4 });
  });

  it('lists no link, and refuses to list through one', async () => {
    expect((await driver.listDirectory('')).entries.map((entry) => entry.name)).toEqual(['docs']);
    expect((await driver.listDirectory('docs')).entries.map((entry) => entry.name)).toEqual([
      'mine.txt',
    ]);
    await expect(driver.listDirectory('etc-link')).rejects.toBeInstanceOf(ObjectNotFoundError);
    await expect(driver.listDirectory('sibling-link')).rejects.toBeInstanceOf(ObjectNotFoundError);
  });

  it('writes nothing through a link, and moves nothing out or in through one', async () => {
    await expect(
      driver.put('sibling-link/planted.txt', body('x'), { contentLength: 1 }),
    ).rejects.toMatchObject({ code: 'storage.invalid_key', reason: 'outside_root' });
    await expect(driver.mkdir('sibling-link/new')).rejects.toMatchObject({
      reason: 'outside_root',
    });
    await expect(driver.move('docs/mine.txt', 'sibling-link/mine.txt')).rejects.toMatchObject({
      reason: 'outside_root',
    });
    await expect(driver.move('sibling-link', 'docs/stolen')).rejects.toBeInstanceOf(
      ObjectNotFoundError,
    );
    await expect(driver.copy('docs/secret-link.txt', 'docs/copy.txt')).rejects.toBeInstanceOf(
      ObjectNotFoundError,
    );
    expect(await driver.deletePrefix('sibling-link')).toBe(0);
    await driver.delete('sibling-link/secret.txt');
    expect(await readdir(sibling)).toEqual(['secret.txt']);
    expect(await readFile(join(sibling, 'secret.txt'), 'utf8')).toBe('sibling secret');
    expect(await readFile(join(served, 'docs', 'mine.txt'), 'utf8')).toBe('mine');
  });

  it('keeps its temp files outside the served tree', async () => {
    await driver.put('docs/new.txt', body('new'), { contentLength: 3 });
    await driver.createMultipart('docs/big.bin');
    expect((await readdir(served)).sort()).toEqual(['docs', 'etc-link', 'sibling-link']);
    expect((await readdir(join(base, 'work'))).sort()).toEqual(['.multipart', '.tmp']);
  });
});

describe('read-only view', () => {
  it('refuses every write with storage.read_only and changes nothing', async () => {
    const root = await mkdtemp(join(tmpdir(), 'sharebin-readonly-'));
    const driver = createLocalDriver({
      root,
      signer: createHmacSigner(randomBytes(32).toString('hex')),
      publicPath: '/api/storage/local/ro',
    });
    await driver.put('mount/a.txt', body('a'), { contentLength: 1 });
    const view = scoped(driver, { prefix: 'mount', readOnly: true });
    expect(view.capabilities.readOnly).toBe(true);
    const writes: Promise<unknown>[] = [
      view.put('b.txt', body('b'), { contentLength: 1 }),
      view.delete('a.txt'),
      view.deleteMany(['a.txt']),
      view.copy('a.txt', 'c.txt'),
      view.mkdir('dir'),
      view.deletePrefix('dir'),
      view.move('a.txt', 'd.txt'),
      view.copyPrefix('dir', 'dir2'),
      view.presignPut('b.txt', { expiresInSeconds: 60 }),
      view.createMultipart('b.txt'),
    ];
    for (const write of writes) {
      const error = await write.catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ReadOnlyStorageError);
      expect(error).toMatchObject({ code: 'storage.read_only' });
    }
    expect((await view.listDirectory('')).entries.map((entry) => entry.key)).toEqual(['a.txt']);
    expect(await driver.stat('mount/a.txt')).toMatchObject({ size: 1 });
    // Keys of a view never reach past its prefix.
    await expect(view.get('../outside.txt')).rejects.toMatchObject({ reason: 'dot_segment' });
    await rm(root, { recursive: true, force: true });
  });
});
