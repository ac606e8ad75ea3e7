import { describe, expect, it } from 'vitest';
import { ObjectNotFoundError, StorageBackendError } from '../storage/drivers/storage-driver.errors';
import { fsNotFound } from './fs.errors';
import { COPY_ATTEMPTS, withRetries } from './fs-transfer';

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
  it('tries a file again after a storage or network failure, up to three times', async () => {
    const twice = flaky([new StorageBackendError('reset'), new StorageBackendError('reset')]);
    expect(await withRetries(new AbortController().signal, twice.attempt, NO_WAIT)).toBe('copied');
    expect(twice.calls()).toBe(3);

    const always = flaky(Array.from({ length: 5 }, () => new StorageBackendError('down')));
    await expect(
      withRetries(new AbortController().signal, always.attempt, NO_WAIT),
    ).rejects.toThrow('down');
    expect(always.calls()).toBe(COPY_ATTEMPTS);
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
