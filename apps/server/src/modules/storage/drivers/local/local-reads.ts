import {
  type BigIntStats,
  close,
  createReadStream,
  fstat,
  open,
  type ReadStream,
  read,
} from 'node:fs';
import { promisify } from 'node:util';
import { isMissing } from './local-files';

const openFd = promisify(open);
const fstatFd = promisify(fstat);
const readFd = promisify(read);

/** Closes a descriptor from `openForRead` that no stream took. */
export const closeRead = promisify(close);

/**
 * Read descriptors whose stream was collected without being ended or destroyed (a body a caller
 * dropped unread): closed then, as Node closes a forgotten FileHandle.
 */
const forgotten = new FinalizationRegistry<number>((fd) => close(fd, () => {}));

/**
 * A file opened for reading by a plain descriptor, with its stats: both describe the same
 * version of the file, whatever replaces it meanwhile. Not a FileHandle: V8 keeps every
 * FileHandle, and the read stream made from it, past the young generation, so each file read
 * left 100 to 400 bytes of garbage in the old generation (a zip of 100,000 small files, 40 MB;
 * bench/RESULTS.md). Null when nothing is at `path`.
 */
export async function openForRead(
  path: string,
): Promise<{ fd: number; stats: BigIntStats } | null> {
  let fd: number;
  try {
    fd = await openFd(path, 'r');
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
  try {
    return { fd, stats: await fstatFd(fd, { bigint: true }) };
  } catch (error) {
    await closeRead(fd);
    throw error;
  }
}

/** Streams the bytes `start` to `end` (inclusive) of `fd`, which the stream closes. */
export function readStreamOf(
  fd: number,
  options: { start?: number; end: number; highWaterMark: number },
): ReadStream {
  const { start, end, highWaterMark } = options;
  const stream = createReadStream('', { fd, start, end, highWaterMark, autoClose: true });
  forgotten.register(stream, fd, stream);
  stream.once('close', () => forgotten.unregister(stream));
  return stream;
}

/**
 * The `length` bytes of `fd` from `start`, read at once, then `fd` closed: fewer when the file
 * has shrunk since. For small reads, which a stream would cost far more objects than bytes.
 */
export async function readBytesOf(fd: number, start: number, length: number): Promise<Buffer> {
  try {
    const bytes = Buffer.allocUnsafe(length);
    let filled = 0;
    for (let got = -1; filled < length && got !== 0; filled += got) {
      ({ bytesRead: got } = await readFd(fd, bytes, filled, length - filled, start + filled));
    }
    return filled === length ? bytes : bytes.subarray(0, filled);
  } finally {
    await closeRead(fd);
  }
}
