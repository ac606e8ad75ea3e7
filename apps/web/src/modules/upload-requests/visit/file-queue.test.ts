import { describe, expect, it } from 'vitest';
import type { Allowance } from '../upload-request.limits';
import { committedOf, enqueue, queueProgress, refuseWaiting, requeue } from './file-queue';

const allowance: Allowance = {
  maxFileSize: 100,
  remainingFiles: 2,
  remainingBytes: null,
  allowedTypes: [],
};
const fileOf = (name: string, size: number) => new File([new Uint8Array(size)], name);

let counter = 0;
const newId = () => `id-${counter++}`;

describe('the visitor’s queue', () => {
  it('lines up what the request takes and refuses the rest, saying why', () => {
    const items = enqueue(
      [],
      [fileOf('big', 101), fileOf('a', 10), fileOf('b', 10), fileOf('c', 10)],
      allowance,
      newId,
    );
    expect(
      items.map((item) => [item.file.name, item.status, item.refusal?.reason ?? null]),
    ).toEqual([
      ['big', 'refused', 'tooLarge'],
      ['a', 'waiting', null],
      ['b', 'waiting', null],
      ['c', 'refused', 'tooManyFiles'],
    ]);
    expect(committedOf(items)).toEqual({ files: 2, bytes: 20 });
  });

  it('counts files added later against those already in line', () => {
    const first = enqueue([], [fileOf('a', 10)], allowance, newId);
    const both = enqueue(first, [fileOf('b', 10), fileOf('c', 10)], allowance, newId);
    expect(both.map((item) => item.status)).toEqual(['waiting', 'waiting', 'refused']);
  });

  it('puts a failed file in line again only while there is room for it', () => {
    const items = enqueue([], [fileOf('a', 10), fileOf('b', 10)], allowance, newId);
    const [a, b] = items;
    if (!a || !b) throw new Error('two items');
    const failed = items.map((item) =>
      item.id === a.id ? { ...item, status: 'failed' as const } : item,
    );
    expect(requeue(failed, a.id, allowance).find((item) => item.id === a.id)?.status).toBe(
      'waiting',
    );
    // Meanwhile a third file took its place: there is no room left for it.
    const crowded = enqueue(failed, [fileOf('c', 10)], allowance, newId);
    const again = requeue(crowded, a.id, allowance).find((item) => item.id === a.id);
    expect(again?.status).toBe('refused');
    expect(again?.refusal).toEqual({ reason: 'tooManyFiles', remaining: 2 });
  });

  it('ends every waiting file with the refusal that ended the request', () => {
    const items = enqueue([], [fileOf('a', 10), fileOf('b', 10)], allowance, newId).map(
      (item, i) => (i === 0 ? { ...item, status: 'sent' as const } : item),
    );
    const ended = refuseWaiting(items, { reason: 'full' });
    expect(ended.map((item) => item.status)).toEqual(['sent', 'refused']);
  });

  it('is settled once something arrived and nothing is on its way', () => {
    const items = enqueue([], [fileOf('a', 10)], allowance, newId);
    expect(queueProgress(items).settled).toBe(false);
    const sent = items.map((item) => ({ ...item, status: 'sent' as const }));
    expect(queueProgress(sent)).toMatchObject({ running: false, settled: true });
    expect(queueProgress([]).settled).toBe(false);
  });
});
