import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { ByteMeter } from './byte-meter';
import { ContentLengthMismatchError } from './storage-driver.errors';

async function deliveredThrough(meter: ByteMeter, chunks: number[]) {
  let delivered = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      delivered += chunk.length;
      callback();
    },
  });
  const source = Readable.from(chunks.map((size) => Buffer.alloc(size, 7)));
  const outcome = await pipeline(source, meter, sink).then(
    () => null,
    (error: unknown) => error,
  );
  return { delivered, outcome };
}

describe('ByteMeter', () => {
  it('passes a body of the declared length whole and hashes it', async () => {
    const meter = new ByteMeter(150, 'md5');
    expect(await deliveredThrough(meter, [50, 50, 50])).toEqual({ delivered: 150, outcome: null });
    expect(meter.bytes).toBe(150);
    expect(meter.digestHex()).toMatch(/^[0-9a-f]{32}$/);
  });

  it('never delivers the declared length of a body that turns out longer', async () => {
    const { delivered, outcome } = await deliveredThrough(new ByteMeter(100), [50, 50, 50]);
    expect(outcome).toBeInstanceOf(ContentLengthMismatchError);
    expect(delivered).toBeLessThan(100);
  });

  it('fails a body that ends short', async () => {
    const meter = new ByteMeter(100);
    const { outcome } = await deliveredThrough(meter, [30, 20]);
    expect(outcome).toEqual(new ContentLengthMismatchError(100, 50));
    expect(meter.failure).toBe(outcome);
  });

  it('streams chunks straight through when no length is declared', async () => {
    expect(await deliveredThrough(new ByteMeter(), [1, 2, 3])).toEqual({
      delivered: 6,
      outcome: null,
    });
  });
});
