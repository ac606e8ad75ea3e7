import { describe, expect, it } from 'vitest';
import { PLAN_BATCH, planCrcs } from './zip-job';
import type { ZipEntry } from './zip-layout';
import type { ZipPlansRepository } from './zip-plans.repository';

describe('CRCs written back into a stored plan', () => {
  it('writes each CRC once, however many come while a write is under way', async () => {
    const writes: number[][] = [];
    let endWrite = () => {};
    const plans = {
      saveCrcs: (_jobId: string, crcs: { seq: number; crc: number }[]) => {
        writes.push(crcs.map(({ seq }) => seq));
        return new Promise<void>((resolve) => {
          endWrite = resolve;
        });
      },
    } as unknown as ZipPlansRepository;
    const book = planCrcs(plans, 'job');
    const entries = Array.from({ length: PLAN_BATCH * 2 }, () => ({}) as ZipEntry);
    for (const [seq, entry] of entries.entries()) book.track(entry, seq);
    // A batch starts a write; more CRCs come while it is slow to end.
    for (const [seq, entry] of entries.entries()) book.remember(entry, seq + 1);
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    await settle();
    // One write under way with the first batch; the second batch waits for it.
    expect(writes).toEqual([entries.slice(0, PLAN_BATCH).map((_, seq) => seq)]);
    // Until written, they are still known here.
    expect(book.known(entries[PLAN_BATCH * 2 - 1] as ZipEntry)).toBe(PLAN_BATCH * 2);
    endWrite();
    await settle();
    const finished = book.finish();
    endWrite();
    await finished;
    expect(writes.length).toBe(2);
    expect(writes.flat()).toEqual(entries.map((_, seq) => seq));
  });
});
