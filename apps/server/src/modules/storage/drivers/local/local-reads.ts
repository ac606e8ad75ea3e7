import {
  type BigIntStats,
  close,
  closeSync,
  constants,
  fstat,
  fstatSync,
  openSync,
  read,
  readSync,
} from 'node:fs';
import { Readable, type Writable } from 'node:stream';
import { promisify } from 'node:util';
import type { Containment } from './local-containment';
import { errorCode, isMissing, openFd } from './local-files';

const fstatFd = promisify(fstat);
const readFd = promisify(read);

/** Closes a descriptor from `openForRead` that no stream took. */
export const closeRead = promisify(close);

/** Closes descriptors of streams dropped unread, as Node does for a forgotten FileHandle. */
const forgotten = new FinalizationRegistry<number>((fd) => close(fd, () => {}));

/**
 * A plain descriptor, not a FileHandle: FileHandles outlive V8's young generation (40 MB of
 * old-generation garbage zipping 100,000 small files; bench/RESULTS.md).
 */
export async function openForRead(
  path: string,
  flags = constants.O_RDONLY,
): Promise<{ fd: number; stats: BigIntStats } | null> {
  let fd: number;
  try {
    fd = await openFd(path, flags);
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

/** `openForRead` in the calling thread (a local disk's small reads, see createLocalStats). */
export async function openForReadInLoop(
  path: string,
  flags = constants.O_RDONLY,
): Promise<{ fd: number; stats: BigIntStats } | null> {
  let fd: number;
  try {
    fd = openSync(path, flags);
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
  try {
    return { fd, stats: fstatSync(fd, { bigint: true }) };
  } catch (error) {
    closeSync(fd);
    throw error;
  }
}

/** `readBytesOf` in the calling thread; closes `fd`. */
export function readBytesInLoop(fd: number, start: number, length: number): Buffer {
  try {
    const bytes = Buffer.allocUnsafe(length);
    let filled = 0;
    for (let got = -1; filled < length && got !== 0; filled += got) {
      got = readSync(fd, bytes, filled, length - filled, start + filled);
    }
    return filled === length ? bytes : bytes.subarray(0, filled);
  } finally {
    closeSync(fd);
  }
}

/** For small reads, where a stream costs more objects than bytes; closes `fd`. */
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

type Opened = { fd: number; stats: BigIntStats } | null;

/**
 * Opens with O_NOFOLLOW while checking the parent folders, so a plain file costs no `realpath`;
 * a final link is followed only when it stays inside the root. Null when missing or outside.
 */
export async function openContained(
  containment: Containment,
  key: string,
  path: string,
  inLoop = false,
): Promise<Opened> {
  // O_NONBLOCK: a named pipe opened for reading would wait for a writer (in the loop's thread,
  // the whole process); with it the open returns and the caller refuses what is not a file.
  // A regular file ignores it.
  const flags = constants.O_RDONLY | constants.O_NONBLOCK;
  const open = inLoop ? openForReadInLoop : openForRead;
  // Settled at once, so that a failure waits for us without being reported as unhandled.
  const opening = open(path, flags | constants.O_NOFOLLOW).then(
    (opened) => ({ opened, error: null }),
    (error: unknown) => ({ opened: null, error }),
  );
  let inside: boolean;
  try {
    inside = await containment.foldersInside(key, path);
  } catch (error) {
    const { opened } = await opening;
    if (opened) await closeRead(opened.fd);
    throw error;
  }
  const { opened, error } = await opening;
  if (error) {
    if (errorCode(error) !== 'ELOOP') throw error;
    return inside && (await containment.resolvesInside(path)) ? open(path, flags) : null;
  }
  if (opened && !inside) {
    await closeRead(opened.fd);
    return null;
  }
  return opened;
}

/** `end` inclusive; `sendTo` serves HTTP answers without a fresh buffer per chunk. */
export class FileRangeStream extends Readable {
  private position: number;
  private remaining: number;
  /** A read is under way: the descriptor is closed only after it. */
  private reading = false;
  private afterRead: (() => void) | null = null;

  constructor(
    private readonly fd: number,
    { start, end, highWaterMark }: { start: number; end: number; highWaterMark: number },
  ) {
    super({ highWaterMark });
    this.position = start;
    this.remaining = Math.max(end + 1 - start, 0);
    forgotten.register(this, fd, this);
    this.once('close', () => forgotten.unregister(this));
  }

  override _read(): void {
    const length = Math.min(this.readableHighWaterMark, this.remaining);
    if (length === 0) {
      this.push(null);
      return;
    }
    this.readInto(Buffer.allocUnsafeSlow(length), length, (error, bytes, chunk) => {
      if (error) this.destroy(error);
      else this.push(bytes === 0 ? null : chunk);
    });
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    const closeFile = () => close(this.fd, (closeError) => callback(error ?? closeError));
    if (this.reading) this.afterRead = closeFile;
    else closeFile();
  }

  /**
   * Two buffers, each reused only after the target's write callback: any download allocates two
   * buffers and no promise, at the pace of the slower of disk and client.
   */
  sendTo(target: Writable, onChunk?: (bytes: number) => void): void {
    // A client gone already has had its 'close': nothing would close the file later.
    if (target.destroyed) return void this.destroy();
    target.once('close', () => this.destroy());
    const size = Math.max(1, Math.min(this.readableHighWaterMark, this.remaining));
    const free = [Buffer.allocUnsafeSlow(size), Buffer.allocUnsafeSlow(size)];
    const pump = () => {
      const buffer = this.reading || this.destroyed ? undefined : free.pop();
      if (!buffer) return;
      this.readInto(buffer, Math.min(buffer.length, this.remaining), (error, bytes, chunk) => {
        if (error || bytes === 0) {
          // Read failed or file truncated below Content-Length: cut the connection.
          this.destroy();
          target.destroy(error ?? new Error('The file shrank while it was sent'));
          return;
        }
        target.write(chunk, (error) => {
          if (error) return;
          onChunk?.(bytes);
          free.push(buffer);
          pump();
        });
        if (this.remaining > 0) return pump();
        target.end();
        this.destroy();
      });
    };
    if (this.remaining === 0) {
      target.end();
      this.destroy();
    } else pump();
  }

  /** Reads `length` bytes at the current position into `buffer`; 0 bytes at the file's end. */
  private readInto(
    buffer: Buffer,
    length: number,
    done: (error: Error | null, bytes: number, chunk: Buffer) => void,
  ): void {
    this.reading = true;
    read(this.fd, buffer, 0, length, this.position, (error, bytes) => {
      this.reading = false;
      if (this.destroyed) return this.afterRead?.();
      if (error) return done(error, 0, buffer);
      this.position += bytes;
      this.remaining -= bytes;
      done(null, bytes, bytes === buffer.length ? buffer : buffer.subarray(0, bytes));
    });
  }
}
