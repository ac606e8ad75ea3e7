import { randomBytes } from 'node:crypto';
import { type FileHandle, open, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Central directory bytes a streamed archive keeps in memory; past them, records go to a temp
 * file. A record is about 100 bytes, so 100,000 entries would hold 10 MB until the archive's
 * end, and a million 100 MB: with the file, memory stays flat whatever the count.
 */
export const CENTRAL_MEMORY_BYTES = 1024 * 1024;

/**
 * The central directory records of a streamed archive, appended as each entry is written and
 * read back once at the end: no object per entry, and at most `memoryBytes` of them in memory.
 * The temp file is unlinked as soon as it is opened, so nothing is left behind by a crash; `close`
 * releases it (the archive's end, or the client leaving).
 */
export class CentralRecords {
  private chunk: Buffer;
  private used = 0;
  private spill: FileHandle | null = null;
  private spilled = 0;
  entries = 0;
  size = 0;

  constructor(private readonly memoryBytes = CENTRAL_MEMORY_BYTES) {
    this.chunk = Buffer.allocUnsafe(memoryBytes);
  }

  async add(record: Buffer) {
    if (this.used + record.length > this.chunk.length) await this.spillChunk();
    if (record.length > this.chunk.length) this.chunk = Buffer.allocUnsafe(record.length);
    this.used += record.copy(this.chunk, this.used);
    this.entries++;
    this.size += record.length;
  }

  /** The records in the order added: from the file first, then what is still in memory. */
  async *bytes(): AsyncGenerator<Buffer> {
    for (let at = 0; at < this.spilled; ) {
      // A fresh buffer each time: a yielded one may still wait in a socket's queue.
      const piece = Buffer.allocUnsafe(Math.min(this.memoryBytes, this.spilled - at));
      const { bytesRead } = await (this.spill as FileHandle).read(piece, 0, piece.length, at);
      if (bytesRead === 0) throw new Error('the central directory file ended early');
      at += bytesRead;
      yield piece.subarray(0, bytesRead);
    }
    if (this.used > 0) yield this.chunk.subarray(0, this.used);
  }

  async close() {
    const spill = this.spill;
    this.spill = null;
    await spill?.close();
  }

  private async spillChunk() {
    if (!this.spill) {
      const path = join(tmpdir(), `sharebin-zip-central-${randomBytes(8).toString('hex')}`);
      this.spill = await open(path, 'wx+', 0o600);
      await unlink(path);
    }
    for (let at = 0; at < this.used; ) {
      const { bytesWritten } = await this.spill.write(this.chunk, at, this.used - at);
      at += bytesWritten;
    }
    this.spilled += this.used;
    this.used = 0;
  }
}
