import { describe, expect, it } from 'vitest';
import { CHUNK_BYTES, coalesce } from './zip-stream';

async function chunksOf(buffers: Buffer[]): Promise<Buffer[]> {
  const chunks: Buffer[] = [];
  for await (const chunk of coalesce(
    (async function* () {
      yield* buffers;
    })(),
  )) {
    // Kept as yielded, not copied: a chunk written again after its yield would show here.
    chunks.push(chunk);
  }
  return chunks;
}

const bytes = (length: number, seed: number) =>
  Buffer.from(Array.from({ length }, (_, i) => (i * 31 + seed) % 251));

describe('coalesce', () => {
  it('joins small buffers into full chunks, the last one partial, every byte in order', async () => {
    const buffers = Array.from({ length: 3000 }, (_, i) => bytes((i * 37) % 200, i));
    const chunks = await chunksOf(buffers);
    expect(Buffer.concat(chunks)).toEqual(Buffer.concat(buffers));
    expect(chunks.slice(0, -1).every((chunk) => chunk.length === CHUNK_BYTES)).toBe(true);
    expect(chunks.at(-1)?.length).toBeLessThanOrEqual(CHUNK_BYTES);
  });

  it('passes a large buffer through, after filling the chunk under way with its start', async () => {
    const small = bytes(100, 1);
    const large = bytes(3 * CHUNK_BYTES + 5, 2);
    const chunks = await chunksOf([large, small, large, Buffer.alloc(0), small]);
    expect(Buffer.concat(chunks)).toEqual(Buffer.concat([large, small, large, small]));
    expect(chunks.map((chunk) => chunk.length)).toEqual([
      large.length,
      CHUNK_BYTES,
      large.length - (CHUNK_BYTES - small.length),
      small.length,
    ]);
  });
});
