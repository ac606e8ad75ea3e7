import { Readable } from 'node:stream';
import { ContentLengthMismatchError } from './storage-driver.errors';

/** Bodies declared at most this long are read whole before they are stored (`readWholeBody`). */
export const WHOLE_BODY_MAX_BYTES = 64 * 1024;

/**
 * A body already read whole (a small upload). Any driver can read it as a stream; one that
 * can take the bytes at once does (the local driver writes them in one call), which saves a
 * pipeline and its stages: on a 4 KiB PUT they cost more than the write itself.
 */
export class WholeBody extends Readable {
  constructor(readonly bytes: Buffer) {
    super();
  }

  override _read() {
    this.push(this.bytes);
    this.push(null);
  }
}

/**
 * Reads `source` into one buffer of exactly `length` bytes, or of at most `length` when not
 * `exact` (a form's file part, which the request's length bounds). A body that ends short (of
 * an exact length), goes on past `length`, or whose client hangs up midway fails with
 * ContentLengthMismatchError, as a metered stream would; a failed source's error is passed on.
 */
export function readWholeBody(
  source: Readable,
  length: number,
  { exact = true }: { exact?: boolean } = {},
): Promise<Buffer> {
  const fits = (received: number) => received === length || (!exact && received < length);
  if (source instanceof WholeBody) {
    const { bytes } = source;
    if (!fits(bytes.length))
      return Promise.reject(new ContentLengthMismatchError(length, bytes.length));
    return Promise.resolve(bytes);
  }
  // A stream that ended, failed or was destroyed (its client hung up while the write was
  // being prepared) emits nothing more: it is settled from its state, or would wait forever.
  if (source.errored) return Promise.reject(source.errored);
  if (source.readableEnded && fits(0)) return Promise.resolve(Buffer.alloc(0));
  if (source.destroyed || source.readableEnded)
    return Promise.reject(new ContentLengthMismatchError(length, 0));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const settle = (error: Error | null) => {
      source.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose);
      if (error) reject(error);
      else resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, received));
    };
    const mismatch = () => new ContentLengthMismatchError(length, received);
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received <= length) return void chunks.push(chunk);
      source.destroy();
      settle(mismatch());
    };
    const onEnd = () => settle(fits(received) ? null : mismatch());
    const onError = (error: Error) => settle(error);
    // A client that hangs up mid-body: the stream closes without an end.
    const onClose = () => settle(mismatch());
    source.on('data', onData).on('end', onEnd).on('error', onError).on('close', onClose);
  });
}
