import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, ENGINES } from '../../test/harness';
import type { JobItemRow, NewJobItem } from './job-items.repository';
import { createJobsRepository, pendingJob } from './jobs.repository';

describe.each(ENGINES)('job items on %s', (engine) => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let jobs: ReturnType<typeof createJobsRepository>;

  beforeEach(async () => {
    database = await createTestDatabase(engine);
    jobs = createJobsRepository({ db: database.db, engine });
    await jobs.insert(
      pendingJob({
        id: 'job-1',
        type: 'zip',
        owner_type: 'admin',
        owner_id: 'admin-1',
        payload: '{}',
        created_at: 1,
      }),
    );
  });
  afterEach(() => database.drop());

  const stored = () =>
    database.db
      .selectFrom('job_items')
      .selectAll()
      .where('job_id', '=', 'job-1')
      .orderBy('seq')
      .execute();

  it('writes every column of every item, in full statements and the rest', async () => {
    // 2 statements of the prepared size, then 37 rows by the query builder; zip entries with
    // every column, copy items with the optional ones left out.
    const items: NewJobItem[] = Array.from({ length: 237 }, (_, i) =>
      i % 3 === 0
        ? {
            kind: 'file',
            source_path: `/a/${i}`,
            target_path: `dir/${i}.txt`,
            size: i * 10,
            status: 'done',
            error: null,
            message: null,
            object_key: `key/${i}`,
            modified_at: 1_700_000_000_000 + i,
            zip_offset: i * 100,
            central_offset: i * 50,
          }
        : {
            kind: 'file',
            source_path: `/b/${i}`,
            target_path: i % 2 ? null : `/c/${i}`,
            size: i,
            status: 'failed',
            error: 'copy_failed',
            message: `reason ${i}`,
            details: i % 2 ? null : JSON.stringify({ i }),
          },
    );
    await jobs.insertItems('job-1', 5, items);

    const rows = await stored();
    expect(rows).toHaveLength(237);
    const expected = items.map(
      (item, i): JobItemRow => ({
        job_id: 'job-1',
        seq: 5 + i,
        object_key: null,
        modified_at: null,
        zip_offset: null,
        central_offset: null,
        crc: null,
        details: null,
        ...item,
      }),
    );
    // PostgreSQL answers bigint columns as strings.
    const numbers = (row: JobItemRow) =>
      Object.fromEntries(
        Object.entries(row).map(([column, value]) => [
          column,
          typeof value === 'string' && /^\d+$/.test(value) && column !== 'source_path'
            ? Number(value)
            : value,
        ]),
      );
    expect(rows.map(numbers)).toEqual(expected.map(numbers));
  });

  it('writes nothing for no items, and a short batch whole', async () => {
    await jobs.insertItems('job-1', 0, []);
    expect(await stored()).toEqual([]);
    const one: NewJobItem = {
      kind: 'folder',
      source_path: '/x',
      target_path: null,
      size: 0,
      status: 'pending',
      error: null,
      message: null,
    };
    await jobs.insertItems('job-1', 0, [one, { ...one, source_path: '/y' }]);
    expect((await stored()).map((row) => [row.seq, row.source_path])).toEqual([
      [0, '/x'],
      [1, '/y'],
    ]);
  });
});
