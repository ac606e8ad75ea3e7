import { type ExpressionBuilder, sql } from 'kysely';
import type { DatabaseEngine, Db } from '../shared/db';
import type { Database, JobsTable } from '../shared/db.schema';
import { createJobItemsRepository } from './job-items.repository';

export type JobRow = JobsTable;

/** Pending, or running under a lease that ran out: its instance died (or lost the database). */
const claimable = (now: number) => (eb: ExpressionBuilder<Database, 'jobs'>) =>
  eb.or([
    eb('status', '=', 'pending'),
    eb.and([eb('status', '=', 'running'), eb('lease_expires_at', '<', now)]),
  ]);

const FINISHED = ['completed', 'failed', 'cancelled'] as const;

/** A job as it is first stored: waiting, with nothing planned or done yet. */
export const pendingJob = (
  job: Pick<JobRow, 'id' | 'type' | 'owner_type' | 'owner_id' | 'payload' | 'created_at'>,
): JobRow => ({
  id: job.id,
  type: job.type,
  owner_type: job.owner_type,
  owner_id: job.owner_id,
  status: 'pending',
  payload: job.payload,
  planned: 0,
  items_total: 0,
  items_done: 0,
  bytes_total: 0,
  bytes_done: 0,
  current_bytes: 0,
  success_count: 0,
  skipped_count: 0,
  failed_count: 0,
  error: null,
  cancel_requested: 0,
  lease_owner: null,
  lease_expires_at: null,
  attempts: 0,
  result: null,
  created_at: job.created_at,
  started_at: null,
  finished_at: null,
});

export function createJobsRepository({ db, engine }: { db: Db; engine: DatabaseEngine }) {
  return {
    ...createJobItemsRepository({ db }),

    /** One pass over `jobs_waiting_idx`; finished jobs are not read. */
    queueStats: async () => {
      const row = await db
        .selectFrom('jobs')
        .select((eb) => [
          eb.fn
            .sum<number>(eb.case().when('status', '=', 'pending').then(1).else(0).end())
            .as('pending'),
          eb.fn
            .sum<number>(eb.case().when('status', '=', 'running').then(1).else(0).end())
            .as('running'),
          eb.fn
            .min<number | null>(
              eb.case().when('status', '=', 'pending').then(eb.ref('created_at')).end(),
            )
            .as('oldest'),
        ])
        .where('status', 'in', ['pending', 'running'])
        .executeTakeFirstOrThrow();
      return {
        pending: Number(row.pending ?? 0),
        running: Number(row.running ?? 0),
        oldestPendingAt: row.oldest === null ? null : Number(row.oldest),
      };
    },

    /** Waiting and running jobs per type (the metrics' queue depth), from `jobs_waiting_idx`. */
    queueDepth: async () => {
      const rows = await db
        .selectFrom('jobs')
        .select(['type', 'status', (eb) => eb.fn.countAll<string | number>().as('jobs')])
        .where('status', 'in', ['pending', 'running'])
        .groupBy(['type', 'status'])
        .execute();
      return rows.map((row) => ({
        type: row.type,
        status: row.status as 'pending' | 'running',
        jobs: Number(row.jobs),
      }));
    },

    insert: async (job: JobRow) => {
      await db.insertInto('jobs').values(job).execute();
    },

    findById: (id: string) =>
      db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst(),

    /** The payloads of a type's jobs not ended yet (pending or running). */
    unfinishedPayloads: async (type: string) =>
      (
        await db
          .selectFrom('jobs')
          .select('payload')
          .where('type', '=', type)
          .where('status', 'in', ['pending', 'running'])
          .execute()
      ).map((row) => row.payload),

    /** Newest first; `owner` narrows to one admin's or key's jobs. */
    /** A page of the jobs of `owner` (everyone's for null), newest first, and how many in all. */
    async list(owner: { type: string; id: string } | null, limit: number, offset: number) {
      const visible = db
        .selectFrom('jobs')
        .$if(owner !== null, (qb) =>
          qb.where('owner_type', '=', owner?.type ?? '').where('owner_id', '=', owner?.id ?? ''),
        )
        // Scheduled work is nobody's task to follow.
        .where('owner_type', '!=', 'system');
      const [rows, counted] = await Promise.all([
        visible
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('id')
          .limit(limit)
          .offset(offset)
          .execute(),
        visible
          .select((eb) => eb.fn.countAll<string | number>().as('total'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(counted.total) };
    },

    /**
     * PostgreSQL: SKIP LOCKED, so instances never take the same job nor wait on each other;
     * SQLite's single writer makes the conditional UPDATE atomic.
     */
    claim: (worker: string, now: number, leaseUntil: number) =>
      db
        .updateTable('jobs')
        .set((eb) => ({
          status: 'running',
          lease_owner: worker,
          lease_expires_at: leaseUntil,
          started_at: eb.fn.coalesce('started_at', sql.lit(now)),
          attempts: eb('attempts', '+', 1),
        }))
        .where('id', '=', (eb) =>
          eb
            .selectFrom('jobs')
            .select('id')
            .where(claimable(now))
            .orderBy('created_at')
            .orderBy('id')
            .limit(1)
            .$if(engine === 'postgres', (qb) => qb.forUpdate().skipLocked()),
        )
        .where(claimable(now))
        .returningAll()
        .executeTakeFirst(),

    /** Answers whether a cancel was asked; null when another instance took the job. */
    async renewLease(id: string, worker: string, leaseUntil: number, currentBytes: number) {
      const row = await db
        .updateTable('jobs')
        .set({ lease_expires_at: leaseUntil, current_bytes: currentBytes })
        .where('id', '=', id)
        .where('lease_owner', '=', worker)
        .where('status', '=', 'running')
        .returning('cancel_requested')
        .executeTakeFirst();
      return row ? { cancelRequested: row.cancel_requested === 1 } : null;
    },

    finish: async (
      id: string,
      worker: string,
      changes: Pick<JobRow, 'status' | 'finished_at' | 'error'> &
        Partial<Pick<JobRow, 'error_code' | 'error_details'>> & { bytes_done?: number },
    ) => {
      await db
        .updateTable('jobs')
        .set({ ...changes, lease_owner: null, lease_expires_at: null })
        .where('id', '=', id)
        .where('lease_owner', '=', worker)
        .execute();
    },

    /** A worker that stops in good order hands its job back at once instead of at lease end. */
    release: async (id: string, worker: string) => {
      await db
        .updateTable('jobs')
        .set({ status: 'pending', lease_owner: null, lease_expires_at: null })
        .where('id', '=', id)
        .where('lease_owner', '=', worker)
        .where('status', '=', 'running')
        .execute();
    },

    /** Pending: cancelled at once; running: its worker sees the flag within a heartbeat. */
    async requestCancel(id: string, now: number) {
      await db
        .updateTable('jobs')
        .set({ status: 'cancelled', finished_at: now })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .execute();
      await db
        .updateTable('jobs')
        .set({ cancel_requested: 1 })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .execute();
    },

    /** Failed (and unfinished) items go again: the job is pending with its counters adjusted. */
    retry: (id: string) =>
      db.transaction().execute(async (trx) => {
        const failed = await trx
          .updateTable('job_items')
          .set({ status: 'pending', error: null, message: null })
          .where('job_id', '=', id)
          .where('status', '=', 'failed')
          .executeTakeFirst();
        const again = Number(failed.numUpdatedRows);
        const updated = await trx
          .updateTable('jobs')
          .set((eb) => ({
            status: 'pending',
            cancel_requested: 0,
            error: null,
            error_code: null,
            error_details: null,
            finished_at: null,
            failed_count: 0,
            items_done: eb('items_done', '-', eb.ref('failed_count')),
          }))
          .where('id', '=', id)
          .where('status', 'in', FINISHED)
          .executeTakeFirst();
        return updated.numUpdatedRows > 0n ? again : null;
      }),

    /** Deletes a finished job with its items; answers whether there was one. */
    delete: (id: string) =>
      db.transaction().execute(async (trx) => {
        const deleted = await trx
          .deleteFrom('jobs')
          .where('id', '=', id)
          .where('status', 'in', FINISHED)
          .executeTakeFirst();
        if (deleted.numDeletedRows === 0n) return false;
        await trx.deleteFrom('job_items').where('job_id', '=', id).execute();
        return true;
      }),

    deleteFinishedBefore: (cutoff: number, type?: string) =>
      db.transaction().execute(async (trx) => {
        const old = trx
          .selectFrom('jobs')
          .select('id')
          .where('status', 'in', FINISHED)
          .where('finished_at', '<', cutoff)
          .$if(type !== undefined, (qb) => qb.where('type', '=', type ?? ''));
        await trx.deleteFrom('job_items').where('job_id', 'in', old).execute();
        const deleted = await trx
          .deleteFrom('jobs')
          .where('status', 'in', FINISHED)
          .where('finished_at', '<', cutoff)
          .$if(type !== undefined, (qb) => qb.where('type', '=', type ?? ''))
          .executeTakeFirst();
        return Number(deleted.numDeletedRows);
      }),

    // ---- Schedules ----

    ensureSchedule: async (name: string, firstRunAt: number) => {
      await db
        .insertInto('job_schedules')
        .values({ name, next_run_at: firstRunAt })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
    },

    /** One conditional UPDATE: exactly one instance per period wins and enqueues the job. */
    async takeSchedule(name: string, now: number, nextRunAt: number) {
      const taken = await db
        .updateTable('job_schedules')
        .set({ next_run_at: nextRunAt })
        .where('name', '=', name)
        .where('next_run_at', '<=', now)
        .executeTakeFirst();
      return taken.numUpdatedRows > 0n;
    },
  };
}

export type JobsRepository = ReturnType<typeof createJobsRepository>;
