import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createWorkQueue } from '../../shared/work-queue';
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
});

describe('the work queue', () => {
  it('runs at most its limit at once, the rest in arrival order', async () => {
    const queue = createWorkQueue(2);
    const started: number[] = [];
    let running = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        queue.run(async () => {
          started.push(i);
          running++;
          most = Math.max(most, running);
          await new Promise((resolve) => setTimeout(resolve, 5));
          running--;
        }),
      ),
    );
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
  });
});
