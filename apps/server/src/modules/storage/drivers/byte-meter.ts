import { createHash, type Hash } from 'node:crypto';
import { type Readable, Transform, type TransformCallback } from 'node:stream';
import { ContentLengthMismatchError, ObjectTooLargeError } from './storage-driver.errors';

/**
 * Counts (and optionally hashes) bytes as they stream past, and fails the stream as soon as a
 * declared length is exceeded or not reached, so a short or long body never gets stored.
 *
 * With a declared length the latest chunk is held back until the next one arrives or the
 * source ends: the consumer never receives the full declared length from a body that then
 * turns out too long or broken, so a backend that stores a request once its Content-Length
 * worth of bytes has arrived (S3 does) is never handed a truncated body as a complete one.
 */
export class ByteMeter extends Transform {
  bytes = 0;
  failure: ContentLengthMismatchError | ObjectTooLargeError | null = null;
  private readonly hash: Hash | null;
  private held: Buffer | null = null;

  constructor(
    private readonly expectedLength?: number,
    hashAlgorithm?: 'md5' | 'sha256',
    /** For a body of undeclared length: more than this many bytes fails the stream. */
    private readonly maxLength?: number,
  ) {
    super();
    this.hash = hashAlgorithm ? createHash(hashAlgorithm) : null;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.bytes += chunk.length;
    if (this.expectedLength !== undefined && this.bytes > this.expectedLength) {
      return callback(this.fail());
    }
    if (this.maxLength !== undefined && this.bytes > this.maxLength) {
      this.failure = new ObjectTooLargeError(this.maxLength);
      return callback(this.failure);
    }
    this.hash?.update(chunk);
    if (this.expectedLength === undefined) return callback(null, chunk);
    const previous = this.held;
    this.held = chunk;
    callback(null, previous ?? undefined);
  }

  override _flush(callback: TransformCallback) {
    if (this.expectedLength !== undefined && this.bytes !== this.expectedLength) {
      return callback(this.fail());
    }
    callback(null, this.held ?? undefined);
  }

  digestHex(): string {
    if (!this.hash) throw new Error('ByteMeter created without a hash');
    return this.hash.digest('hex');
  }

  private fail(): ContentLengthMismatchError {
    this.failure = new ContentLengthMismatchError(this.expectedLength ?? 0, this.bytes);
    return this.failure;
  }
}

/**
 * For consumers that take a stream rather than join a pipeline (the AWS SDK): errors of the
 * source reach the meter, a failing meter (short, long or broken body) calls `onFailure` so the
 * consumer's request can be aborted, and a consumer giving up on the meter releases the source.
 */
export function meterThrough(
  source: Readable,
  { expectedLength, onFailure }: { expectedLength?: number; onFailure: (error: Error) => void },
): ByteMeter {
  const meter = new ByteMeter(expectedLength);
  source.on('error', (error) => meter.destroy(error));
  meter.on('error', onFailure);
  meter.on('close', () => {
    if (!source.readableEnded) source.destroy();
  });
  return source.pipe(meter);
}
