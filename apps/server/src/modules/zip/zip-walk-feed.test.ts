import { once } from 'node:events';
import { Readable } from 'node:stream';
import type { Principal } from '@sharebin/shared';
import { describe, expect, it } from 'vitest';
import { eventually } from '../../test/eventually';
import type { FsLocator } from '../fs/fs-locator.usecases';
import type { FsEntry } from '../storage/drivers/storage-driver';
import { createCrcCache } from './crc-cache';
import { zipTooManyEntries } from './zip.errors';
import { streamedArchive } from './zip-streamed';
import { planWithinBudget } from './zip-walk-feed';

const FOLDERS = 50;
const FILES_PER_FOLDER = 100;
const FILE_BYTES = 10;

const entryOf = (name: string, isDirectory: boolean): FsEntry => ({
  key: name,
  name,
  isDirectory,
  size: isDirectory ? 0 : FILE_BYTES,
  etag: null,
  lastModified: null,
  contentType: null,
});

/**
 * A mount at `/m` whose storage holds FOLDERS folders of FILES_PER_FOLDER small files, counting
 * what it lists and the file bodies still open.
 */
function fakeMount({ networkListings = true } = {}) {
  const counts = { listings: 0, open: 0, listingNow: 0, mostListingAtOnce: 0 };
  const storage = {
    capabilities: { networkListings },
    async listDirectory(key: string) {
      counts.listings++;
      counts.listingNow++;
      counts.mostListingAtOnce = Math.max(counts.mostListingAtOnce, counts.listingNow);
      await new Promise((resolve) => setImmediate(resolve));
      counts.listingNow--;
      const entries =
        key === ''
          ? Array.from({ length: FOLDERS }, (_, i) => entryOf(`folder-${i}`, true))
          : Array.from({ length: FILES_PER_FOLDER }, (_, i) => entryOf(`file-${i}.txt`, false));
      return { entries, nextCursor: null };
    },
    async get() {
      counts.open++;
      const body = Readable.from([Buffer.alloc(FILE_BYTES, 'x')]);
      body.once('close', () => counts.open--);
      return { body, info: { size: FILE_BYTES } };
    },
  };
  const location = {
    kind: 'mount',
    path: '/m',
    key: '',
    mount: { storage_config_id: 'fake' },
    storage,
    readOnly: true,
  };
  const locator = { read: async () => location } as unknown as FsLocator;
  const request = { locator, principal: { kind: 'admin' } as unknown as Principal, paths: ['/m'] };
  return { counts, request };
}

/** Takes every batch the walk has left: how many entries, or the error it ends with. */
async function drain(batches: AsyncGenerator<unknown[]>) {
  let entries = 0;
  for await (const batch of batches) entries += batch.length;
  return entries;
}

describe('a direct archive planned within a budget', () => {
  const total = 1 + FOLDERS + FOLDERS * FILES_PER_FOLDER;

  it('plans in memory when the walk ends within the budget', async () => {
    const { request } = fakeMount();
    const planned = await planWithinBudget(request, { entries: total, folders: FOLDERS + 1 });
    expect('plan' in planned && planned.plan.entries).toHaveLength(total);
  });

  it('lists eight folders at once over a network, one at a time on a local disk', async () => {
    for (const [networkListings, most] of [
      [true, 8],
      [false, 1],
    ] as const) {
      const { request, counts } = fakeMount({ networkListings });
      const planned = await planWithinBudget(request, { entries: total, folders: total });
      expect('plan' in planned && planned.plan.entries).toHaveLength(total);
      expect(counts.mostListingAtOnce).toBe(most);
    }
  });

  it('hands the walk over past its entries, every entry once, in batches', async () => {
    const { request } = fakeMount();
    const planned = await planWithinBudget(request, { entries: 5, folders: total });
    if (!('walk' in planned)) throw new Error('planned in memory');
    expect(planned.walk.fileName).toBe('m.zip');
    expect(await drain(planned.walk.batches())).toBe(total);
    expect(planned.walk.failures()).toEqual([]);
  });

  it('hands the walk over past its folders, however few entries it found', async () => {
    const { request } = fakeMount();
    // The mount folder and its 50 folders: one too many.
    const planned = await planWithinBudget(request, { entries: total, folders: FOLDERS });
    if (!('walk' in planned)) throw new Error('planned in memory');
    expect(await drain(planned.walk.batches())).toBe(total);
  });

  it('plans a slow walk within its budget in memory: time does not decide', async () => {
    const { request } = fakeMount();
    const slow = {
      ...request,
      locator: {
        read: (...args: Parameters<FsLocator['read']>) =>
          new Promise((resolve) => setTimeout(() => resolve(request.locator.read(...args)), 700)),
      } as unknown as FsLocator,
    };
    const planned = await planWithinBudget(slow, { entries: total, folders: FOLDERS + 1 });
    expect('plan' in planned && planned.plan.entries).toHaveLength(total);
  });

  it('throws too many entries before the answer, or from the batches once handed over', async () => {
    const { request } = fakeMount();
    const refused = planWithinBudget(
      { ...request, maxEntries: 20 },
      { entries: 100, folders: total },
    );
    await expect(refused).rejects.toThrow(zipTooManyEntries(20).message);
    const planned = await planWithinBudget(
      { ...request, maxEntries: 200 },
      { entries: 5, folders: total },
    );
    if (!('walk' in planned)) throw new Error('planned in memory');
    await expect(drain(planned.walk.batches())).rejects.toThrow(zipTooManyEntries(200).message);
  });

  it('stops the walk and closes every file when the archive stream is destroyed', async () => {
    const { request, counts } = fakeMount();
    const planned = await planWithinBudget(request, { entries: 5, folders: total });
    if (!('walk' in planned)) throw new Error('planned in memory');
    const archive = streamedArchive(planned.walk, createCrcCache());
    // The first chunk, then the client is gone (as the body of a response is cancelled).
    await once(archive, 'readable');
    expect(archive.read()).not.toBeNull();
    archive.destroy();
    await once(archive, 'close');
    // The walk, paused for its writer, ends in an abort rather than finding the rest.
    await expect(drain(planned.walk.batches())).rejects.toThrow(/aborted/);
    expect(counts.listings).toBeLessThan(1 + FOLDERS);
    await eventually(() => expect(counts.open).toBe(0));
  });
});
