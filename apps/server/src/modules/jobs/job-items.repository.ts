import { sql } from 'kysely';
import type { Db } from '../shared/db';
import type { JobItemsTable } from '../shared/db.schema';
import { preparedBulkInsert } from '../shared/prepared-query';

export type JobItemRow = JobItemsTable;
export type ItemOutcome = 'done' | 'skipped' | 'failed';

/** How one item of a job went, as its handler answers it. */
export interface ItemResult {
  status: ItemOutcome;
  error?: string;
  message?: string;
  /** The error code's values as JSON, for clients to word the failure in their language. */
  details?: string | null;
  /** What the item dealt with, where its planned size could not know it (a rebuild's entries). */
  bytes?: number;
}

export type NewJobItem = Omit<JobItemRow, 'job_id' | 'seq'>;

/** Item rows written by one statement (a zip plan writes 500 at a time). */
const ITEM_ROWS_AT_ONCE = 100;

/** An item as its row, every column written out, as `preparedBulkInsert` wants. */
const itemRow = (jobId: string, seq: number, item: NewJobItem): JobItemRow => ({
  job_id: jobId,
  seq,
  kind: item.kind,
  source_path: item.source_path,
  target_path: item.target_path,
  size: item.size,
  status: item.status,
  error: item.error,
  message: item.message,
  object_key: item.object_key ?? null,
  modified_at: item.modified_at ?? null,
  zip_offset: item.zip_offset ?? null,
  central_offset: item.central_offset ?? null,
  crc: item.crc ?? null,
  details: item.details ?? null,
});

/** Counter columns an item's outcome adds one to. */
const COUNTER: Record<ItemOutcome, 'success_count' | 'skipped_count' | 'failed_count'> = {
  done: 'success_count',
  skipped: 'skipped_count',
  failed: 'failed_count',
};

/** A job's items: planned once, taken in order, each finished with its outcome counted on the job. */
export function createJobItemsRepository({ db }: { db: Db }) {
  const insertRows = preparedBulkInsert<JobItemRow>(db, ITEM_ROWS_AT_ONCE, (rows) =>
    db.insertInto('job_items').values(rows),
  );
  return {
    /** Replaces whatever a planning that did not finish left, and records the totals. */
    clearItems: async (jobId: string) => {
      await db.deleteFrom('job_items').where('job_id', '=', jobId).execute();
    },

    insertItems: async (jobId: string, firstSeq: number, items: NewJobItem[]) => {
      await insertRows(items.map((item, index) => itemRow(jobId, firstSeq + index, item)));
    },

    /** Totals and counters from the planned items (items already failed while planning count). */
    async markPlanned(jobId: string, counted: readonly string[]) {
      // `in ()` is no SQL: a job without counted kinds has no items to count.
      const rows =
        counted.length === 0
          ? []
          : await db
              .selectFrom('job_items')
              .select(['status', (eb) => eb.fn.countAll<number>().as('items')])
              .select(sql<string>`coalesce(sum(size), 0)`.as('bytes'))
              .where('job_id', '=', jobId)
              .where('kind', 'in', counted)
              .groupBy('status')
              .execute();
      const of = (status: string) => rows.find((row) => row.status === status);
      await db
        .updateTable('jobs')
        .set({
          planned: 1,
          items_total: rows.reduce((sum, row) => sum + Number(row.items), 0),
          bytes_total: rows.reduce((sum, row) => sum + Number(row.bytes), 0),
          // Items a plan settled itself (a zip job's entries are done once stored) count now.
          items_done: ['failed', 'done', 'skipped'].reduce(
            (sum, status) => sum + Number(of(status)?.items ?? 0),
            0,
          ),
          failed_count: Number(of('failed')?.items ?? 0),
          success_count: Number(of('done')?.items ?? 0),
          skipped_count: Number(of('skipped')?.items ?? 0),
          bytes_done: Number(of('done')?.bytes ?? 0) + Number(of('skipped')?.bytes ?? 0),
          current_bytes: 0,
        })
        .where('id', '=', jobId)
        .execute();
    },

    pendingItems: (jobId: string, afterSeq: number, limit: number) =>
      db
        .selectFrom('job_items')
        .selectAll()
        .where('job_id', '=', jobId)
        .where('status', '=', 'pending')
        .where('seq', '>', afterSeq)
        .orderBy('seq')
        .limit(limit)
        .execute(),

    /**
     * Records an item's outcome and adds it to the job's counters in one transaction; answers
     * whether a cancel was asked, or null when the lease is no longer `worker`'s.
     */
    finishItem: (item: JobItemRow, worker: string, outcome: ItemResult, counted: boolean) =>
      db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('job_items')
          .set({
            status: outcome.status,
            error: outcome.error ?? null,
            message: outcome.message?.slice(0, 500) ?? null,
            details: outcome.details ?? null,
          })
          .where('job_id', '=', item.job_id)
          .where('seq', '=', item.seq)
          .where('status', '=', 'pending')
          .executeTakeFirst();
        const counts = counted && updated.numUpdatedRows > 0n;
        const column = COUNTER[outcome.status];
        const row = await trx
          .updateTable('jobs')
          .set((eb) =>
            counts
              ? {
                  items_done: eb('items_done', '+', 1),
                  [column]: eb(column, '+', 1),
                  // Skipped bytes count as dealt with: the progress bar reaches its end.
                  bytes_done: eb(
                    'bytes_done',
                    '+',
                    outcome.status === 'failed' ? 0 : (outcome.bytes ?? item.size),
                  ),
                  current_bytes: 0,
                }
              : { current_bytes: 0 },
          )
          .where('id', '=', item.job_id)
          .where('lease_owner', '=', worker)
          .where('status', '=', 'running')
          .returning('cancel_requested')
          .executeTakeFirst();
        return row ? { cancelRequested: row.cancel_requested === 1 } : null;
      }),

    /** The first `limit` failed items of a job: what the API shows as its errors. */
    failedItems: (jobId: string, limit: number) =>
      db
        .selectFrom('job_items')
        .select(['source_path', 'error', 'message', 'details'])
        .where('job_id', '=', jobId)
        .where('status', '=', 'failed')
        .orderBy('seq')
        .limit(limit)
        .execute(),
  };
}
