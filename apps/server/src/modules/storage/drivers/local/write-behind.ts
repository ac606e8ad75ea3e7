import { fdatasync, type WriteStream } from 'node:fs';
import { Transform, type TransformCallback } from 'node:stream';

/** Bytes handed to the file between two flushes started while a write goes on. */
export const WRITE_BEHIND_BYTES = 32 * 1024 * 1024;

/**
 * Passes bytes on to `file` unchanged and, every `flushEvery` bytes, starts an `fdatasync` of what the
 * file holds so far, without waiting for it. A large write is then flushed as it goes, by the
 * disk, while the next bytes arrive, instead of all at the end: the page cache takes a gigabyte
 * at memory speed and the write stream's closing `fsync` (`flush: true`) would otherwise wait
 * for all of it to reach the disk after the last byte (0.5 to 0.7 s per GiB on this project's
 * machines), which a copy or an upload pays on top of its transfer.
 *
 * One flush at a time; the stream's end waits for the one under way, so the file is not closed
 * under it. A failed flush fails the write (the data may not be on disk).
 */
export class WriteBehind extends Transform {
  private unflushed = 0;
  private flushing: Promise<void> | null = null;
  private failure: Error | null = null;
  private fd: number | null = null;

  constructor(
    file: WriteStream,
    private readonly flushEvery = WRITE_BEHIND_BYTES,
    private readonly flushFd: typeof fdatasync = fdatasync,
  ) {
    super();
    // A stream given an open descriptor has it at once and emits no 'open'.
    const given = (file as WriteStream & { fd?: number | null }).fd;
    if (typeof given === 'number') this.fd = given;
    else
      file.once('open', (fd: number) => {
        this.fd = fd;
      });
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    if (this.failure) return done(this.failure);
    this.unflushed += chunk.length;
    if (this.unflushed >= this.flushEvery && !this.flushing && this.fd !== null) {
      this.unflushed = 0;
      this.startFlush(this.fd);
    }
    done(null, chunk);
  }

  override _flush(done: TransformCallback) {
    (this.flushing ?? Promise.resolve()).then(() => done(this.failure));
  }

  private startFlush(fd: number) {
    let flushed = () => {};
    this.flushing = new Promise((resolve) => {
      flushed = resolve;
    });
    this.flushFd(fd, (error) => {
      // A stream torn down meanwhile has closed the descriptor: nothing left to flush.
      if (error && !this.destroyed) this.failure = error;
      this.flushing = null;
      flushed();
    });
  }
}
