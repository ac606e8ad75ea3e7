import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { openFds } from '../../test/eventually';
import { CentralRecords } from './zip-central-records';

const record = (index: number, length: number) => Buffer.alloc(length, index % 251);

async function collected(records: CentralRecords) {
  const pieces: Buffer[] = [];
  for await (const piece of records.bytes()) pieces.push(Buffer.from(piece));
  return Buffer.concat(pieces);
}

const centralFiles = () =>
  readdirSync(tmpdir()).filter((name) => name.startsWith('sharebin-zip-central-'));

describe('CentralRecords', () => {
  it('keeps records in memory up to its size, and gives them back in order', async () => {
    const records = new CentralRecords(1024);
    const fds = openFds();
    const added = [record(1, 100), record(2, 300), record(3, 46)];
    for (const bytes of added) await records.add(bytes);
    expect(openFds()).toBe(fds);
    expect(await collected(records)).toEqual(Buffer.concat(added));
    expect([records.entries, records.size]).toEqual([3, 446]);
    await records.close();
  });

  it('moves records past its size to a temp file that no folder shows, and reads them back in order', async () => {
    const records = new CentralRecords(64);
    const fds = openFds();
    // Sizes around the memory's: exactly full, a record larger than all of it, odd ones.
    const added = [40, 24, 1, 63, 200, 64, 17, 99, 5].map((length, index) => record(index, length));
    for (const bytes of added) await records.add(bytes);
    expect(openFds()).toBe(fds + 1);
    expect(centralFiles()).toEqual([]);
    // Read twice: the file is read by position, not consumed.
    expect(await collected(records)).toEqual(Buffer.concat(added));
    expect(await collected(records)).toEqual(Buffer.concat(added));
    expect(records.size).toBe(added.reduce((sum, bytes) => sum + bytes.length, 0));
    await records.close();
    expect(openFds()).toBe(fds);
  });

  it('holds thousands of records in a memory of one kilobyte', async () => {
    const records = new CentralRecords(1024);
    const added = Array.from({ length: 2_000 }, (_, index) => record(index, 80 + (index % 40)));
    for (const bytes of added) await records.add(bytes);
    expect(await collected(records)).toEqual(Buffer.concat(added));
    await records.close();
  });
});
