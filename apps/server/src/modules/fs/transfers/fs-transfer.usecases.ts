import { pipeline, Transform } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '../../../app/errors';
import type { StorageDriver } from '../../storage/drivers/storage-driver';
import { storageErrorToAppError } from '../../storage/storage-errors.mapper';

/**
 * The waits between attempts of a copy that a request waits for (WebDAV COPY and MOVE): three
 * attempts within about a second, as a client would not wait longer.
 */
export const QUICK_RETRY_DELAYS_MS: readonly number[] = [250, 1_000];

/**
 * Bytes held between the source and the target (on each side of the counter). With the streams'
 * 16 KiB default, the source paused at every chunk until the target had written it: source and
 * target took turns instead of working at once, and on a busy machine each turn waited for the
 * scheduler (the copy ran at a third of the slower side's speed, bench/suites/copy.ts). 2 MiB was no
 * faster and took the server past 64 MB over idle.
 *
 * The chunks go on as the source made them, not joined into bigger pieces: joining copied every
 * byte into a fresh buffer, which cost the server 1.5 s of CPU per GiB more than a direct PUT of
 * the same file (bench/RESULTS.md, 2026-11-28), CPU that S3 or the disk then lacked on a busy
 * machine. The targets batch on their own: the local driver writes the chunks that arrived during
 * a write in one `writev`, and a socket takes the disk's 256 KiB reads as a direct PUT does.
 */
const COPY_BUFFER_BYTES = 1024 * 1024;

/**
 * Copies one file from one storage to another by streaming it through this process (no temp
 * files; memory stays at the stream buffers), telling `onBytes` how far it got. Within one
 * storage callers use the storage's own copy instead. Answers the bytes stored.
 */
export async function streamFile(
  source: StorageDriver,
  sourceKey: string,
  target: StorageDriver,
  targetKey: string,
  { signal, onBytes }: { signal: AbortSignal; onBytes: (bytes: number) => void },
): Promise<number> {
  signal.throwIfAborted();
  const { body, info } = await source.get(sourceKey);
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
  // Once a small source is read whole, the pipeline stops listening to `counted`, and the target
  // may not have taken it yet (it resolves its path first): a cancel then would be an error
  // nobody listens to, and end the process. The target still sees it: a stream destroyed with an
  // error hands that error to whoever reads it afterwards.
  counted.on('error', () => {});
  const stop = () => counted.destroy(signal.reason as Error);
  signal.addEventListener('abort', stop, { once: true });
  // A cancel that came while the source was being opened fired before the listener existed.
  if (signal.aborted) stop();
  try {
    const stored = await target.put(targetKey, counted, {
      contentLength: info.size,
      contentType: info.contentType ?? undefined,
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

/**
 * A storage or network failure that waiting may get past (the storage answered 5xx, did not
 * answer in time, or could not be reached); never a refusal, a missing file, a full storage,
 * nor an error of our own.
 */
export function isTransient(error: unknown): boolean {
  if (error instanceof AppError) return false;
  const mapped = storageErrorToAppError(error);
  if (mapped) return mapped.status >= 500 && mapped.status !== 507;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && NETWORK_ERROR_CODES.has(code);
}

/**
 * Runs `attempt`, and again after each of `delaysMs` while it fails transiently (so at most
 * `delaysMs.length + 1` times); a cancel ends the waiting.
 */
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
