import { describe, expect, it } from 'vitest';
import { REFUSED_RETRY_DELAY_MS, retryDelayMs } from './s3-retries';

const failure = (name: string, code?: string) => Object.assign(new Error(name), { name, code });

describe('the S3 retry rules', () => {
  it('never tries a timed-out call again', () => {
    const idle = failure('TimeoutError');
    expect(retryDelayMs(idle, 'TRANSIENT', 0)).toBeNull();
    expect(retryDelayMs(failure('TimeoutError', 'ETIMEDOUT'), 'TRANSIENT', 0)).toBeNull();
    expect(retryDelayMs(failure('Error', 'ETIMEDOUT'), 'TRANSIENT', 0)).toBeNull();
  });

  it('tries a refused connection once more, quickly', () => {
    const refused = failure('Error', 'ECONNREFUSED');
    expect(retryDelayMs(refused, 'TRANSIENT', 0)).toBe(REFUSED_RETRY_DELAY_MS);
    expect(retryDelayMs(refused, 'TRANSIENT', 1)).toBeNull();
  });

  it('backs off on resets and throttling, up to three attempts in all', () => {
    const reset = failure('TimeoutError', 'ECONNRESET');
    expect(retryDelayMs(reset, 'TRANSIENT', 0)).toBeLessThan(100);
    expect(retryDelayMs(reset, 'TRANSIENT', 1)).toBeLessThan(200);
    expect(retryDelayMs(reset, 'TRANSIENT', 2)).toBeNull();
    const slowDown = failure('SlowDown');
    expect(retryDelayMs(slowDown, 'THROTTLING', 1)).toBeLessThan(2_000);
  });

  it('does not retry what the storage refused on purpose', () => {
    expect(retryDelayMs(failure('AccessDenied'), 'CLIENT_ERROR', 0)).toBeNull();
    expect(retryDelayMs(failure('NoSuchBucket'), 'CLIENT_ERROR', 0)).toBeNull();
  });
});
