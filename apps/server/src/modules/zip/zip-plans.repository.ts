import type { Db } from '../shared/db';

/** Rows of a plan read at once while an archive streams: memory stays flat at any size. */
const PAGE_ROWS = 64;

export type PlacedColumn = 'zip_offset' | 'central_offset';

/** The job items of stored zip plans (migration 0017), read and written a page at a time. */
export function createZipPlansRepository({ db }: { db: Db }) {
  return {
    /** Progress while planning: what was found so far. */
    reportFound: async (jobId: string, items: number, bytes: number) => {
      await db
        .updateTable('jobs')
        .set({ items_total: items, bytes_total: bytes })
        .where('id', '=', jobId)
        .execute();
    },

    saveResult: async (jobId: string, result: string) => {
      await db.updateTable('jobs').set({ result }).where('id', '=', jobId).execute();
    },

    /** The seq of the last entry whose `column` is at most `at` (offsets grow with seq). */
    async seqAtOrBefore(jobId: string, column: PlacedColumn, at: number): Promise<number> {
      const row = await db
        .selectFrom('job_items')
        .select('seq')
        .where('job_id', '=', jobId)
        .where(column, '<=', at)
        .orderBy(column, 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.seq ?? 0;
    },

    /** The archive's entries from `fromSeq` on, in order, a page of rows at a time. */
    async *entriesFrom(jobId: string, fromSeq: number) {
      let after = fromSeq - 1;
      for (;;) {
        const rows = await db
          .selectFrom('job_items')
          .select(['seq', 'kind', 'source_path', 'target_path', 'size'])
          .select(['object_key', 'modified_at', 'zip_offset', 'central_offset', 'crc'])
          .where('job_id', '=', jobId)
          .where('seq', '>', after)
          .where('zip_offset', 'is not', null)
          .orderBy('seq')
          .limit(PAGE_ROWS)
          .execute();
        yield* rows;
        const last = rows.at(-1);
        if (!last || rows.length < PAGE_ROWS) return;
        after = last.seq;
      }
    },

    /** CRCs computed while a download read the files, for the next pieces and downloads. */
    async saveCrcs(jobId: string, crcs: { seq: number; crc: number }[]): Promise<void> {
      if (crcs.length === 0) return;
      await db.transaction().execute(async (trx) => {
        for (const { seq, crc } of crcs) {
          await trx
            .updateTable('job_items')
            .set({ crc })
            .where('job_id', '=', jobId)
            .where('seq', '=', seq)
            .execute();
        }
      });
    },

    /** What could not be included (a few rows: one per path asked for at most). */
    failures: (jobId: string) =>
      db
        .selectFrom('job_items')
        .select(['source_path', 'message'])
        .where('job_id', '=', jobId)
        .where('kind', '=', 'failure')
        .orderBy('seq')
        .execute(),
  };
}

export type ZipPlansRepository = ReturnType<typeof createZipPlansRepository>;
