import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { StorageDriver } from '../../storage/drivers/storage-driver';
import {
  ObjectNotFoundError,
  StorageBackendError,
} from '../../storage/drivers/storage-driver.errors';
import { fsNotFound } from '../fs.errors';
import { isTransient, streamFile, withRetries } from './fs-transfer.usecases';

const NO_WAIT = [1, 1];

/** An attempt that fails with each of `failures` in turn, then succeeds; counts its calls. */
function flaky(failures: unknown[]) {
  let calls = 0;
  return {
    attempt: async () => {
      const failure = failures[calls++];
      if (failure) throw failure;
      return 'copied';
    },
    calls: () => calls,
  };
}

describe('copy retries', () => {
  it('tries again after a storage or network failure, once after each wait', async () => {
    const twice = flaky([new StorageBackendError('reset'), new StorageBackendError('reset')]);
    expect(await withRetries(new AbortController().signal, twice.attempt, NO_WAIT)).toBe('copied');
    expect(twice.calls()).toBe(3);

    const always = flaky(Array.from({ length: 5 }, () => new StorageBackendError('down')));
    await expect(
      withRetries(new AbortController().signal, always.attempt, NO_WAIT),
    ).rejects.toThrow('down');
    expect(always.calls()).toBe(NO_WAIT.length + 1);
  });

  it('takes network failures and 5xx storage failures as transient, nothing else', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(isTransient(refused)).toBe(true);
    expect(isTransient(new StorageBackendError('503 Slow Down'))).toBe(true);
    expect(isTransient(new ObjectNotFoundError('a.txt'))).toBe(false);
    expect(isTransient(fsNotFound('/a.txt'))).toBe(false);
    // A bug of ours is no reason to wait a minute.
    expect(isTransient(new TypeError('x is undefined'))).toBe(false);
  });

  it('does not try again what another attempt cannot change, nor after a cancel', async () => {
    for (const refusal of [new ObjectNotFoundError('a.txt'), fsNotFound('/a.txt')]) {
      const once = flaky([refusal]);
      await expect(withRetries(new AbortController().signal, once.attempt, NO_WAIT)).rejects.toBe(
        refusal,
      );
      expect(once.calls()).toBe(1);
    }
    const cancelled = new AbortController();
    const stopped = flaky([new StorageBackendError('reset')]);
    cancelled.abort();
    await expect(withRetries(cancelled.signal, stopped.attempt, NO_WAIT)).rejects.toThrow('reset');
    expect(stopped.calls()).toBe(1);
  });
});

describe('streamed copy', () => {
  it("keeps reading the source while the target has not taken the bytes yet, and hands the target the source's own chunks", async () => {
    const MIB = 1024 * 1024;
    const size = 3 * MIB + 64 * 1024;
    const made: Buffer[] = [];
    let readAhead: () => void = () => {};
    const sourceReadAhead = new Promise<void>((resolve) => {
      readAhead = resolve;
    });
    const body = new Readable({
      read() {
        if (made.length * 64 * 1024 >= size) return void this.push(null);
        const chunk = Buffer.alloc(64 * 1024, made.length);
        made.push(chunk);
        this.push(chunk);
        if (made.length * 64 * 1024 >= 1.5 * MIB) readAhead();
      },
    });
    const source = {
      get: async () => ({ body, info: { size, contentType: null } }),
    } as unknown as StorageDriver;
    const taken: Buffer[] = [];
    const target = {
      // A slow target: takes nothing until the source has run 1.5 MiB ahead of it.
      put: async (_key: string, stream: Readable) => {
        await sourceReadAhead;
        // Flowing mode sees the chunks as they were pushed (async iteration joins them).
        stream.on('data', (chunk: Buffer) => taken.push(chunk));
        await new Promise((resolve) => stream.on('end', resolve));
        return { etag: null, size: taken.reduce((sum, chunk) => sum + chunk.length, 0) };
      },
    } as unknown as StorageDriver;
    const reported: number[] = [];
    const stored = await streamFile(source, 'a.bin', target, 'b.bin', {
      signal: new AbortController().signal,
      onBytes: (bytes) => reported.push(bytes),
    });
    expect(stored).toBe(size);
    expect(reported.at(-1)).toBe(size);
    // The very buffers the source made, one by one: no byte is copied on the way.
    expect(taken.length).toBe(made.length);
    expect(taken.every((chunk, i) => chunk === made[i])).toBe(true);
  });
});

describe('a cancel before the target takes the stream', () => {
  it('fails the copy with the cancel, not with an error nobody listens to', async () => {
    const size = 6;
    const source = {
      get: async () => ({
        body: Readable.from([Buffer.from('file 1')]),
        info: { size, contentType: null },
      }),
    } as unknown as StorageDriver;
    const cancel = new AbortController();
    const target = {
      // The local driver resolves the target's path before it reads: a small source has been
      // read whole by then, and the job's cancel (from its heartbeat) can land in that gap.
      put: async (_key: string, stream: Readable) => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        cancel.abort(new Error('job cancelled'));
        await new Promise((resolve) => setTimeout(resolve, 20));
        for await (const _chunk of stream) {
          // read what there is
        }
        return { etag: null, size };
      },
    } as unknown as StorageDriver;
    await expect(
      streamFile(source, 'a.txt', target, 'b.txt', { signal: cancel.signal, onBytes: () => {} }),
    ).rejects.toThrow('job cancelled');
  });
});
