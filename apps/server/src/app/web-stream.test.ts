import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { toWebStream } from './web-stream';

async function readAll(stream: ReadableStream<Uint8Array>) {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

describe('toWebStream', () => {
  it('passes every byte in order', async () => {
    const chunks = Array.from({ length: 50 }, (_, i) => Buffer.alloc(1000, i));
    const stream = toWebStream(Readable.from(chunks, { objectMode: false }));
    expect((await readAll(stream)).equals(Buffer.concat(chunks))).toBe(true);
  });

  it('ends an empty source with an empty body', async () => {
    expect((await readAll(toWebStream(Readable.from([])))).length).toBe(0);
  });

  it('fails the body when the source fails midway', async () => {
    const source = new PassThrough();
    const reading = readAll(toWebStream(source));
    source.write(Buffer.from('first'));
    setTimeout(() => source.destroy(new Error('disk went away')), 10);
    await expect(reading).rejects.toThrow('disk went away');
  });

  it('fails the body, and only the body, when the source fails between two reads', async () => {
    const source = new PassThrough();
    const reader = toWebStream(source).getReader();
    source.write(Buffer.from('first'));
    await reader.read();
    // Nobody is reading now: without a lasting listener this error would crash the process.
    source.destroy(new Error('socket reset'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    await expect(reader.read()).rejects.toThrow('socket reset');
  });

  it('fails the body when the source closes without ending', async () => {
    const source = new PassThrough();
    const reading = readAll(toWebStream(source));
    setTimeout(() => source.destroy(), 10);
    await expect(reading).rejects.toThrow('closed early');
  });

  it('releases the source when the reader cancels', async () => {
    const source = new PassThrough();
    source.write(Buffer.alloc(10));
    const reader = toWebStream(source).getReader();
    await reader.read();
    await reader.cancel();
    expect(source.destroyed).toBe(true);
  });

  it('reads no further than asked: backpressure reaches the source', async () => {
    let produced = 0;
    const source = new Readable({
      highWaterMark: 1024,
      read() {
        produced += 1024;
        this.push(Buffer.alloc(1024));
      },
    });
    const reader = toWebStream(source).getReader();
    await reader.read();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(produced).toBeLessThan(16 * 1024);
    await reader.cancel();
  });
});
