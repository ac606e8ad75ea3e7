import { pipeline, type Readable, Transform } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '../../../app/errors';
import type { StorageDriver } from '../../storage/drivers/storage-driver';
import { storageErrorToAppError } from '../../storage/storage-errors.mapper';

/** WebDAV COPY/MOVE: three attempts within about a second, as a client would not wait longer. */
export const QUICK_RETRY_DELAYS_MS: readonly number[] = [250, 1_000];

/**
 * At the 16 KiB default, source and target took turns (a third of the slower side's speed,
 * bench/suites/copy.ts); 2 MiB was no faster and cost 64 MB. Chunks are not joined: that cost
 * 1.5 s CPU per GiB (bench/RESULTS.md, 2026-11-28), and targets batch on their own.
 */
const COPY_BUFFER_BYTES = 1024 * 1024;

/** Across storages only (within one, use the storage's copy); no temp files. */
export async function streamFile(
  source: StorageDriver,
  sourceKey: string,
  target: StorageDriver,
  targetKey: string,
  options: { signal: AbortSignal; onBytes: (bytes: number) => void },
): Promise<number> {
  options.signal.throwIfAborted();
  const { body, info } = await source.get(sourceKey);
  return putStream(body, target, targetKey, {
    ...options,
    size: info.size,
    contentType: info.contentType ?? undefined,
  });
}

/** Stores `body` of `size` bytes at `key`, counting them as they go; a cancel ends both. */
export async function putStream(
  body: Readable,
  target: StorageDriver,
  targetKey: string,
  {
    size,
    contentType,
    signal,
    onBytes,
  }: {
    size: number;
    contentType?: string | undefined;
    signal: AbortSignal;
    onBytes: (bytes: number) => void;
  },
): Promise<number> {
  let bytes = 0;
  const counted = new Transform({
    highWaterMark: COPY_BUFFER_BYTES,
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      onBytes(bytes);
      done(null, chunk);
    },
  });
  // A failed read or a cancel ends both streams, and the target's put with them.
  pipeline(body, counted, () => {});
  // The pipeline may stop listening before the target reads; an unheard error would end the
  // process. The target still gets the error when it reads.
  counted.on('error', () => {});
  const stop = () => counted.destroy(signal.reason as Error);
  signal.addEventListener('abort', stop, { once: true });
  // A cancel that came while the source was being opened fired before the listener existed.
  if (signal.aborted) stop();
  try {
    const stored = await target.put(targetKey, counted, {
      contentLength: size,
      ...(contentType ? { contentType } : {}),
    });
    return stored.size;
  } finally {
    signal.removeEventListener('abort', stop);
    body.destroy();
  }
}

/** Node's codes for a connection that failed on the way, which a later attempt may not meet. */
const NETWORK_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/** 5xx, timeout or unreachable; never a refusal, missing file, full storage or our own error. */
export function isTransient(error: unknown): boolean {
  if (error instanceof AppError) return false;
  const mapped = storageErrorToAppError(error);
  if (mapped) return mapped.status >= 500 && mapped.status !== 507;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && NETWORK_ERROR_CODES.has(code);
}

/** At most `delaysMs.length + 1` attempts; a cancel ends the waiting. */
export async function withRetries<T>(
  signal: AbortSignal,
  attempt: () => Promise<T>,
  delaysMs: readonly number[],
): Promise<T> {
  for (let tries = 0; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      const delay = delaysMs[tries];
      if (signal.aborted || delay === undefined || !isTransient(error)) throw error;
      await sleep(delay, undefined, { signal });
    }
  }
}
