import { describe, expect, it } from 'vitest';
import { PLAN_BATCH, planCrcs } from './zip-job';
import type { ZipEntry } from './zip-layout';
import type { ZipPlansRepository } from './zip-plans.repository';

describe('CRCs written back into a stored plan', () => {
  it('writes each CRC once, all of the data pass before the central directory, the rest at the end', async () => {
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
    const entries = Array.from(
      { length: PLAN_BATCH * 2 + 10 },
      (_, seq) => ({ planSeq: seq }) as ZipEntry,
    );
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    // A batch starts a write; more CRCs come while it is slow to end.
    for (const entry of entries.slice(0, PLAN_BATCH * 2 + 5)) {
      book.remember(entry, (entry.planSeq as number) + 1);
    }
    await settle();
    // One write under way with the first batch; the second batch waits for it.
    const seqs = (from: number, to: number) => entries.slice(from, to).map((e) => e.planSeq);
    expect(writes).toEqual([seqs(0, PLAN_BATCH)]);
    // The central directory waits until everything computed so far is written: the second
    // batch, then the five after it.
    let centralReady = false;
    const central = book.beforeCentral().then(() => {
      centralReady = true;
    });
    for (const expected of [
      seqs(PLAN_BATCH, PLAN_BATCH * 2),
      seqs(PLAN_BATCH * 2, PLAN_BATCH * 2 + 5),
    ]) {
      endWrite();
      await settle();
      expect(writes.at(-1)).toEqual(expected);
      expect(centralReady).toBe(false);
    }
    endWrite();
    await central;
    // Computed while the directory's rows are read: answered from here, written at the end.
    for (const entry of entries.slice(PLAN_BATCH * 2 + 5)) {
      book.remember(entry, (entry.planSeq as number) + 1);
    }
    expect(book.known(entries.at(-1) as ZipEntry)).toBe(PLAN_BATCH * 2 + 10);
    expect(book.known({} as ZipEntry)).toBeUndefined();
    const finished = book.finish();
    await settle();
    endWrite();
    await finished;
    expect(writes.flat()).toEqual(entries.map((e) => e.planSeq));
    expect(writes).toHaveLength(4);
  });
});
