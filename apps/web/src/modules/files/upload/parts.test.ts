import { describe, expect, it } from 'vitest';
import { createCancelSource } from './cancel-token';
import { sendPartsInParallel } from './parts';

describe('sendPartsInParallel', () => {
  const body = new Blob([new Uint8Array(25)]);

  it('sends only the parts a resumed upload lacks, counting the stored ones as sent', async () => {
    const sent: number[] = [];
    const progress: number[] = [];
    const parts = await sendPartsInParallel({
      body,
      partSize: 10,
      partCount: 3,
      cancel: createCancelSource().token,
      onProgress: (loaded) => progress.push(loaded),
      stored: [{ partNumber: 2, etag: 'stored-2' }],
      sendPart: async ({ partNumber, chunk, onProgress }) => {
        sent.push(partNumber);
        onProgress(chunk.size);
        return `sent-${partNumber}`;
      },
    });
    expect(sent.sort()).toEqual([1, 3]);
    expect(parts).toEqual([
      { partNumber: 1, etag: 'sent-1' },
      { partNumber: 2, etag: 'stored-2' },
      { partNumber: 3, etag: 'sent-3' },
    ]);
    expect(progress[0]).toBe(10);
    expect(progress.at(-1)).toBe(25);
  });

  it('sends nothing when every part is stored', async () => {
    const parts = await sendPartsInParallel({
      body,
      partSize: 10,
      partCount: 3,
      cancel: createCancelSource().token,
      onProgress: () => {},
      stored: [3, 1, 2].map((partNumber) => ({ partNumber, etag: `e${partNumber}` })),
      sendPart: async () => {
        throw new Error('nothing should be sent');
      },
    });
    expect(parts.map((part) => part.partNumber)).toEqual([1, 2, 3]);
  });
});
