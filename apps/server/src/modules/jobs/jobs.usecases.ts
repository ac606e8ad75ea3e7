import type { FsJob, Principal } from '@sharebin/shared';
import { type Clock, toIsoOrNull } from '../shared/clock';
import { newId } from '../shared/crypto';
import { jobNotFinished, jobNotFound } from './jobs.errors';
import { ownerOf, toWireJob } from './jobs.models';
import { type JobRow, type JobsRepository, pendingJob } from './jobs.repository';

/** Failed items a job answer lists (the counters have them all). */
const ERRORS_SHOWN = 100;
/** Finished jobs are kept this long, then the housekeeping removes them (issue 10). */
export const FINISHED_JOB_RETENTION_MS = 30 * 24 * 3_600_000;

export function createJobsUseCases({
  repository,
  clock,
  principalById,
  retentionByType = {},
}: {
  repository: JobsRepository;
  clock: Clock;
  /** Types of job kept a shorter time than FINISHED_JOB_RETENTION_MS once finished. */
  retentionByType?: Record<string, number>;
  /** An API key's permissions now, or null once it is gone. */
  principalById: (id: string) => Promise<Principal | null>;
}) {
  /** The admin sees every job; a key sees its own only. */
  async function visible(principal: Principal, id: string): Promise<JobRow> {
    const job = await repository.findById(id);
    const owner = ownerOf(principal);
    const mine = job && (owner.type === 'admin' || job.owner_id === owner.id);
    if (!job || !mine || job.owner_type === 'system') throw jobNotFound(id);
    return job;
  }

  const wire = async (job: JobRow) =>
    toWireJob(job, await repository.failedItems(job.id, ERRORS_SHOWN));

  return {
    /** Dashboard: the queue's length and age. */
    async stats() {
      const { pending, running, oldestPendingAt } = await repository.queueStats();
      return { pending, running, oldest_pending_at: toIsoOrNull(oldestPendingAt) };
    },

    async enqueue(type: string, owner: Principal | 'system', payload: unknown): Promise<string> {
      const id = newId();
      const { type: owner_type, id: owner_id } =
        owner === 'system' ? { type: 'system', id: 'system' } : ownerOf(owner);
      await repository.insert(
        pendingJob({
          id,
          type,
          owner_type,
          owner_id,
          payload: JSON.stringify(payload),
          created_at: clock.now(),
        }),
      );
      return id;
    },

    /** Who the job works for, with the permissions they have now (a key may have changed). */
    async principalOf(job: JobRow): Promise<Principal | null> {
      if (job.owner_type === 'admin') return { type: 'admin', id: job.owner_id, name: 'admin' };
      if (job.owner_type === 'apikey') return principalById(job.owner_id);
      return null;
    },

    async list(
      principal: Principal,
      { limit, offset }: { limit: number; offset: number },
    ): Promise<{ items: FsJob[]; total: number; limit: number; offset: number }> {
      const owner = ownerOf(principal);
      const { rows, total } = await repository.list(
        owner.type === 'admin' ? null : owner,
        limit,
        offset,
      );
      return { items: await Promise.all(rows.map(wire)), total, limit, offset };
    },

    get: async (principal: Principal, id: string) => wire(await visible(principal, id)),

    async cancel(principal: Principal, id: string): Promise<FsJob> {
      await visible(principal, id);
      await repository.requestCancel(id, clock.now());
      return wire(await visible(principal, id));
    },

    /** The failed items (and any a cancel left) go again; the job is pending once more. */
    async retry(principal: Principal, id: string): Promise<FsJob> {
      await visible(principal, id);
      if ((await repository.retry(id)) === null) throw jobNotFinished(id);
      return wire(await visible(principal, id));
    },

    async remove(principal: Principal, id: string): Promise<void> {
      await visible(principal, id);
      if (!(await repository.delete(id))) throw jobNotFinished(id);
    },

    async pruneFinished(): Promise<number> {
      let deleted = 0;
      for (const [type, retentionMs] of Object.entries(retentionByType)) {
        deleted += await repository.deleteFinishedBefore(clock.now() - retentionMs, type);
      }
      return (
        deleted + (await repository.deleteFinishedBefore(clock.now() - FINISHED_JOB_RETENTION_MS))
      );
    },
  };
}

export type JobsUseCases = ReturnType<typeof createJobsUseCases>;
