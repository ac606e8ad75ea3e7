import { describe, expect, it } from 'vitest';
import { createWriteBatcher } from './write-batcher';

describe('the write batcher', () => {
  it('writes what one turn added in one batch, and later items in the next, in order', async () => {
    const batches: number[][] = [];
    const batcher = createWriteBatcher<number>(async (batch) => {
      batches.push(batch);
    });
    batcher.add(1);
    batcher.add(2);
    expect(batches).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    batcher.add(3);
    await batcher.drain();
    expect(batches).toEqual([[1, 2], [3]]);
    expect(batcher.waiting).toBe(0);
  });

  it('answers a drain only once the batches before it are written, one at a time', async () => {
    const events: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const batcher = createWriteBatcher<string>(async (batch) => {
      events.push(`start ${batch.join()}`);
      if (batch.includes('a')) await held;
      events.push(`end ${batch.join()}`);
    });
    batcher.add('a');
    await new Promise((resolve) => setImmediate(resolve));
    batcher.add('b');
    const drained = batcher.drain().then(() => events.push('drained'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(events).toEqual(['start a']);
    release();
    await drained;
    expect(events).toEqual(['start a', 'end a', 'start b', 'end b', 'drained']);
  });

  it('with a delay, items added one turn after another share a batch', async () => {
    const batches: number[][] = [];
    const batcher = createWriteBatcher<number>(
      async (batch) => {
        batches.push(batch);
      },
      { delayMs: 60_000 },
    );
    batcher.add(1);
    await new Promise((resolve) => setImmediate(resolve));
    batcher.add(2);
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([]);
    await batcher.drain();
    expect(batches).toEqual([[1, 2]]);
  });
});
