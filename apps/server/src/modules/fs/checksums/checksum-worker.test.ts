import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BLOCK_BYTES, BLOCKS_PER_JOB, hashingThread } from './checksum-worker';

const digest = (algorithm: string, bytes: Buffer) =>
  createHash(algorithm).update(bytes).digest('hex');

describe('the hashing thread', () => {
  it('hashes chunks of any size across its blocks, in order', async () => {
    const bytes = randomBytes(BLOCK_BYTES * 9 + 12_345);
    const job = hashingThread.start();
    for (let at = 0; at < bytes.length; ) {
      const size = Math.min(bytes.length - at, 1 + ((at * 7919) % (3 * BLOCK_BYTES)));
      await job.update(bytes.subarray(at, at + size));
      at += size;
    }
    expect(await job.digest()).toEqual({ md5: digest('md5', bytes), sha1: digest('sha1', bytes) });
  });

  it('makes a sender wait once all of its blocks are out, and lets it go as they come back', async () => {
    const job = hashingThread.start();
    const block = Buffer.alloc(BLOCK_BYTES, 1);
    // Its blocks are made as needed: the first ones are taken at once.
    for (let i = 0; i < BLOCKS_PER_JOB; i++) expect(job.update(block)).toBeUndefined();
    // All out: the next one waits for the thread to give one back.
    const waiting = job.update(block);
    expect(waiting).toBeInstanceOf(Promise);
    await waiting;
    const all = Buffer.alloc(BLOCK_BYTES * (BLOCKS_PER_JOB + 1), 1);
    expect((await job.digest()).sha1).toBe(digest('sha1', all));
  });

  it('fails the jobs of a thread that stopped at once, and the next job gets a new thread', async () => {
    const running = hashingThread.start();
    expect(running.update(Buffer.alloc(BLOCK_BYTES, 2))).toBeUndefined();
    await hashingThread.stop();
    await expect(running.update(Buffer.alloc(10))).rejects.toThrow(/stopped/);
    await expect(running.digest()).rejects.toThrow(/stopped/);
    const next = hashingThread.start();
    await next.update(Buffer.from('again'));
    expect((await next.digest()).md5).toBe(digest('md5', Buffer.from('again')));
  });
});
