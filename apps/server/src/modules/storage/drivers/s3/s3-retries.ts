import type { S3ClientConfig } from '@aws-sdk/client-s3';

/** The SDK's retry strategy interface (V2: tokens), as the S3 client takes it. */
type RetryStrategy = Extract<
  NonNullable<S3ClientConfig['retryStrategy']>,
  { refreshRetryTokenForRetry: unknown }
>;
type RetryToken = Awaited<ReturnType<RetryStrategy['acquireInitialRetryToken']>>;
type RetryErrorInfo = Parameters<RetryStrategy['refreshRetryTokenForRetry']>[1];

/** Attempts in all for a call the SDK classes as transient or throttled (its default too). */
const MAX_ATTEMPTS = 3;
/** A refused connection is tried once more after this: a restarting storage, or a bad port. */
export const REFUSED_RETRY_DELAY_MS = 100;
const BACKOFF_BASE_MS = 100;
const THROTTLING_BACKOFF_BASE_MS = 1_000;
const LONGEST_BACKOFF_MS = 20_000;

/** Codes the SDK's HTTP handler reports as a `TimeoutError` though nothing waited: a reset. */
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE']);

const tokenFor = (retries: number, delayMs: number): RetryToken => ({
  getRetryCount: () => retries,
  getRetryDelay: () => delayMs,
});

/**
 * The wait before the next attempt, or null for none. A call that timed out is never tried
 * again: its storage already had the whole timeout to answer, and two more attempts made a frozen
 * storage take three timeouts (99 s) to surface. A refused connection fails fast and gets one
 * quick second try; throttling and other transient failures (a reset kept-alive socket, a 503)
 * keep the SDK's exponential backoff with full jitter.
 */
export function retryDelayMs(error: unknown, errorType: string, retries: number): number | null {
  const { name, code } = (error ?? {}) as { name?: string; code?: string };
  if (name === 'TimeoutError' && !RESET_CODES.has(code ?? '')) return null;
  if (code === 'ETIMEDOUT') return null;
  if (code === 'ECONNREFUSED') return retries === 0 ? REFUSED_RETRY_DELAY_MS : null;
  if (retries + 1 >= MAX_ATTEMPTS) return null;
  if (errorType !== 'THROTTLING' && errorType !== 'TRANSIENT') return null;
  const base = errorType === 'THROTTLING' ? THROTTLING_BACKOFF_BASE_MS : BACKOFF_BASE_MS;
  return Math.floor(Math.random() * Math.min(base * 2 ** retries, LONGEST_BACKOFF_MS));
}

/** The S3 client's retry strategy: `retryDelayMs`'s rules; the SDK sleeps the token's delay. */
export const s3RetryStrategy: RetryStrategy = {
  acquireInitialRetryToken: async () => tokenFor(0, 0),
  async refreshRetryTokenForRetry(token: RetryToken, { error, errorType }: RetryErrorInfo) {
    const retries = token.getRetryCount();
    const delay = retryDelayMs(error, errorType, retries);
    // The SDK rethrows the call's own error when no token comes back.
    if (delay === null) throw new Error('No retry for this failure');
    return tokenFor(retries + 1, delay);
  },
  recordSuccess: () => {},
};
