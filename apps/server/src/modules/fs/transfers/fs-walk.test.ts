import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalDriver } from '../../storage/drivers/local/local-driver';
import { createHmacSigner } from '../../storage/drivers/local/local-signed-url';
import type { DirectoryPage, StorageDriver } from '../../storage/drivers/storage-driver';
import { folderChildren } from './fs-walk.usecases';

const NAMES = Array.from({ length: 250 }, (_, i) => `file-${String(i).padStart(3, '0')}.txt`);

/** A storage answering NAMES a page at a time, as large as asked (1,000 by default). */
function pagedStorage(networkListings: boolean) {
  const asked: { cursor?: string; limit?: number }[] = [];
  const storage = {
    capabilities: { networkListings },
    async listDirectory(_key: string, options: { cursor?: string; limit?: number } = {}) {
      asked.push(options);
      const from = options.cursor ? NAMES.indexOf(options.cursor) + 1 : 0;
      const names = NAMES.slice(from, from + (options.limit ?? 1000));
      const page: DirectoryPage = {
        entries: names.map((name) => ({
          key: name,
          name,
          isDirectory: false,
          size: 1,
          etag: null,
          lastModified: null,
          contentType: null,
        })),
        nextCursor: from + names.length < NAMES.length ? (names.at(-1) as string) : null,
      };
      return page;
    },
  } as unknown as StorageDriver;
  return { storage, asked };
}

const keysOf = async (storage: StorageDriver, folder: string) => {
  const keys: string[] = [];
  for await (const { key } of folderChildren(storage, folder)) keys.push(key);
  return keys;
};

describe('folderChildren', () => {
  it('takes pages of 100 from a local storage, and the largest pages over a network', async () => {
    const local = pagedStorage(false);
    expect(await keysOf(local.storage, '')).toEqual(NAMES);
    expect(local.asked).toEqual([
      { cursor: undefined, limit: 100 },
      { cursor: NAMES[99], limit: 100 },
      { cursor: NAMES[199], limit: 100 },
    ]);

    const network = pagedStorage(true);
    expect(await keysOf(network.storage, 'docs')).toEqual(NAMES.map((name) => `docs/${name}`));
    expect(network.asked).toEqual([{ cursor: undefined, limit: undefined }]);
  });

  describe('on a local storage', () => {
    let root: string;
    afterAll(() => rm(root, { recursive: true, force: true }));

    it('gives every child once, in order, across pages', async () => {
      root = await mkdtemp(join(tmpdir(), 'sharebin-walk-'));
      await mkdir(join(root, 'big', 'sub'), { recursive: true });
      for (const name of NAMES) await writeFile(join(root, 'big', name), 'x');
      const driver = createLocalDriver({
        root,
        signer: createHmacSigner('a'.repeat(64)),
        publicPath: '/api/storage/local/walk',
      });
      const keys = await keysOf(driver, 'big');
      expect(keys).toEqual([...NAMES.map((name) => `big/${name}`), 'big/sub']);
    });
  });
});
