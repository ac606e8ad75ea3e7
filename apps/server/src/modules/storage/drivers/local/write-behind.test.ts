import { createWriteStream, type fdatasync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WriteBehind } from './write-behind';

const KIB = 1024;

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'sharebin-write-behind-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** A flush that records when it was asked and finishes only when the test says so. */
function heldFlushes() {
  const asked: { fd: number; bytesWritten: number; finish: (error?: Error) => void }[] = [];
  let file: { bytesWritten: number } = { bytesWritten: 0 };
  const flush = ((fd: number, callback: (error: NodeJS.ErrnoException | null) => void) => {
    asked.push({
      fd,
      bytesWritten: file.bytesWritten,
      finish: (error) => callback(error ?? null),
    });
  }) as typeof fdatasync;
  return { asked, flush, watch: (stream: { bytesWritten: number }) => (file = stream) };
}

/** 64 chunks of 16 KiB, one turn of the event loop apart, so writes happen as they come. */
function slowSource() {
  return Readable.from(
    (async function* () {
      for (let chunk = 0; chunk < 64; chunk++) {
        await new Promise((resolve) => setImmediate(resolve));
        yield Buffer.alloc(16 * KIB, chunk);
      }
    })(),
  );
}

describe('WriteBehind', () => {
  it('starts a flush of the file while the write goes on, one at a time, and ends after it', async () => {
    const path = join(folder, 'held.bin');
    const file = createWriteStream(path);
    const flushes = heldFlushes();
    flushes.watch(file);
    let fileFinished = false;
    file.on('finish', () => {
      fileFinished = true;
    });
    const written = pipeline(slowSource(), new WriteBehind(file, 256 * KIB, flushes.flush), file);
    // The whole source goes through while the first flush is held: no second one is started.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(flushes.asked).toHaveLength(1);
    const [first] = flushes.asked;
    expect(first?.fd).toBeTypeOf('number');
    expect(first?.bytesWritten).toBeLessThan(1024 * KIB);
    // The end waits for the flush under way: the file is not closed under it.
    expect(fileFinished).toBe(false);
    first?.finish();
    await written;
    expect(fileFinished).toBe(true);
    expect((await readFile(path)).length).toBe(1024 * KIB);
  });

  it('starts the next flush once the last one is done', async () => {
    const file = createWriteStream(join(folder, 'each.bin'));
    const flushes = heldFlushes();
    const flush = ((fd: number, callback: (error: NodeJS.ErrnoException | null) => void) => {
      flushes.flush(fd, callback);
      const asked = flushes.asked.at(-1);
      setImmediate(() => asked?.finish());
    }) as typeof fdatasync;
    await pipeline(slowSource(), new WriteBehind(file, 256 * KIB, flush), file);
    // 1 MiB in 256 KiB steps: a flush at 256, 512, 768 and 1,024 KiB.
    expect(flushes.asked).toHaveLength(4);
  });

  it('fails the write when a flush fails: the bytes may not be on the disk', async () => {
    const file = createWriteStream(join(folder, 'failed.bin'));
    const flushes = heldFlushes();
    const written = pipeline(slowSource(), new WriteBehind(file, 256 * KIB, flushes.flush), file);
    // However slow the machine: once the first flush is asked for, it fails.
    await vi.waitFor(() => expect(flushes.asked[0]).toBeDefined(), {
      timeout: 15_000,
      interval: 5,
    });
    flushes.asked[0]?.finish(Object.assign(new Error('EIO: i/o error'), { code: 'EIO' }));
    await expect(written).rejects.toThrow('EIO');
  });
});
