import { sql } from 'kysely';
import type { DatabaseEngine, Db } from '../shared/db';

export interface ActivityRow {
  bucket_start: number;
  metric: string;
  value: number;
}

export function createActivityRepository({ db, engine }: { db: Db; engine: DatabaseEngine }) {
  return {
    /**
     * Adds to the buckets: two instances (or two flushes) add up, nothing is overwritten. Rows go
     * in key order, so that two instances flushing at once lock the same rows in the same order
     * (PostgreSQL) and cannot deadlock.
     */
    add: async (rows: ActivityRow[]) => {
      if (rows.length === 0) return;
      const ordered = [...rows].sort(
        (a, b) => a.bucket_start - b.bucket_start || (a.metric < b.metric ? -1 : 1),
      );
      await db
        .insertInto('activity_buckets')
        .values(ordered)
        .onConflict((oc) =>
          oc.columns(['bucket_start', 'metric']).doUpdateSet((eb) => ({
            value: eb('activity_buckets.value', '+', eb.ref('excluded.value')),
          })),
        )
        .execute();
    },

    /**
     * Sums per period and metric; `starts` are the periods' first buckets (ascending) and
     * `end` the first bucket after the last one. SQLite reads one key range per period (a
     * union), cheaper than sorting the week's buckets into periods; PostgreSQL would run that
     * union on parallel workers, whose start costs more than one pass over the week does.
     */
    sumsByPeriod: async (starts: number[], end: number) => {
      const bounds = [...starts, end];
      const query =
        engine === 'sqlite'
          ? sql.join(
              starts.map(
                (start, index) => sql`select ${sql.lit(index)} as period, metric,
                  sum(value) as total
                  from activity_buckets
                  where bucket_start >= ${start} and bucket_start < ${bounds[index + 1]}
                  group by metric`,
              ),
              sql` union all `,
            )
          : sql`select period, metric, sum(value) as total from (
              select metric, value, case ${sql.join(
                starts
                  .slice(1)
                  .map((start, index) => sql`when bucket_start < ${start} then ${sql.lit(index)}`),
                sql` `,
              )} else ${sql.lit(starts.length - 1)} end as period
              from activity_buckets
              where bucket_start >= ${bounds[0]} and bucket_start < ${end}
            ) as buckets group by period, metric`;
      const { rows } = await sql<{
        period: number;
        metric: string;
        total: number | string;
      }>`${query}`.execute(db);
      return rows.map((row) => ({
        period: Number(row.period),
        metric: row.metric,
        total: Number(row.total),
      }));
    },

    /** Forgets buckets that began before `cutoff`; answers how many went. */
    deleteBefore: async (cutoff: number) =>
      Number(
        (
          await db
            .deleteFrom('activity_buckets')
            .where('bucket_start', '<', cutoff)
            .executeTakeFirst()
        ).numDeletedRows,
      ),
  };
}

export type ActivityRepository = ReturnType<typeof createActivityRepository>;
