import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mountTmpfs } from '../../../test/tmpfs';
import { createThumbnailCache } from './thumbnail-cache';

describe('the thumbnail cache', () => {
  it('keeps within its bound, the oldest going first, and survives a restart', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sharebin-thumb-cache-'));
    const cache = createThumbnailCache({ dir, maxBytes: 3000 });
    const keys = ['a', 'b', 'c', 'd'].map((name) => cache.keyOf(name));
    for (const key of keys) {
      await cache.put(key, Buffer.alloc(1000, key));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    // 4,000 bytes over a bound of 3,000: down to 90% of it, the first written gone.
    expect(await cache.get(keys[0] as string)).toBeNull();
    expect((await cache.get(keys[3] as string))?.length).toBe(1000);

    const reopened = createThumbnailCache({ dir, maxBytes: 1500 });
    await reopened.put(reopened.keyOf('e'), Buffer.alloc(1000));
    const left = await Promise.all([...keys.slice(1), reopened.keyOf('e')].map(reopened.get));
    expect(left.map((bytes) => bytes !== null)).toEqual([false, false, false, true]);
  });

  it.skipIf(process.getuid?.() !== 0)(
    'on a full disk refuses the picture and leaves no part of it behind',
    async (context) => {
      const disk = mountTmpfs({ sizeBytes: 64 * 1024 });
      if (typeof disk === 'string') return context.skip(disk);
      try {
        const cache = createThumbnailCache({ dir: disk.path, maxBytes: 1024 * 1024 });
        const key = cache.keyOf('big');
        await expect(cache.put(key, Buffer.alloc(256 * 1024))).rejects.toMatchObject({
          code: 'ENOSPC',
        });
        expect(await cache.get(key)).toBeNull();
        const left = readdirSync(disk.path, { recursive: true, withFileTypes: true });
        expect(left.filter((entry) => entry.isFile()).map((entry) => entry.name)).toEqual([]);
        // Room enough, a small one is kept.
        await cache.put(cache.keyOf('small'), Buffer.alloc(1000));
        expect((await cache.get(cache.keyOf('small')))?.length).toBe(1000);
      } finally {
        disk.unmount();
      }
    },
  );
});
