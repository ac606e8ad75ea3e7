import type { Mount, Principal } from '@sharebin/shared';
import type { JobContext, JobHandler } from '../../jobs/jobs.worker';
import type { IndexEntry } from '../../search/search.models';
import type { SearchUseCases } from '../../search/search.usecases';
import type { Clock } from '../../shared/clock';
import type { StorageDriver } from '../../storage/drivers/storage-driver';
import { itemFailure, pendingStep } from '../transfers/fs-transfer.job';
import { walkStorage } from '../transfers/fs-walk.usecases';

export interface ReindexPayload {
  mount_id: string;
  /** The mount's path when the job was made, for people (the task manager's subject). */
  path: string;
}

/** The walk, stopped at the first entry after a cancel. */
async function* untilAborted(listing: AsyncIterable<IndexEntry>, signal: AbortSignal) {
  for await (const entry of listing) {
    signal.throwIfAborted();
    yield entry;
  }
}

/**
 * A rebuild of a mount's search index as a job (issue 32 item 7): the admin's "Rebuild index",
 * followed in the task manager (its progress is the entries written), and the mounts whose
 * `reindex_minutes` came round, queued by a schedule. The rebuild's own claim keeps two
 * instances from rebuilding one mount; a job that finds the mount claimed skips.
 */
export function createReindexJobs({
  search,
  mountById,
  activeMounts,
  storageOf,
  enqueue,
  unfinishedPayloads,
  clock,
}: {
  search: Pick<SearchUseCases, 'claimRebuild' | 'rebuildStatus'>;
  mountById: (id: string) => Promise<Mount>;
  activeMounts: () => Promise<Mount[]>;
  storageOf: (mount: Mount) => Promise<StorageDriver>;
  enqueue: (owner: Principal | 'system', payload: ReindexPayload) => Promise<string>;
  /** Payloads of the reindex jobs not ended yet, on any instance. */
  unfinishedPayloads: () => Promise<string[]>;
  clock: Clock;
}) {
  const parse = (context: JobContext) => JSON.parse(context.job.payload) as ReindexPayload;

  const handler: JobHandler = {
    counted: ['mount'],
    plan: (context, add) => add([pendingStep('mount', parse(context).path, null)]),
    async runItem(context) {
      const { mount_id } = parse(context);
      try {
        const mount = await mountById(mount_id);
        const claim = await search.claimRebuild(mount_id);
        if (!claim) return { status: 'skipped' };
        const listing = untilAborted(walkStorage(await storageOf(mount), ''), context.signal);
        const { entries } = await claim.run(listing, {
          onProgress: (written) => context.reportBytes(written),
        });
        return { status: 'done', bytes: entries };
      } catch (error) {
        if (context.signal.aborted) throw error;
        return itemFailure(error);
      }
    },
  };

  return {
    handler,

    start: (owner: Principal | 'system', mount: Mount) =>
      enqueue(owner, { mount_id: mount.id, path: mount.mount_path }),

    /** Queues a rebuild of each active mount whose interval has passed; answers how many. */
    async enqueueDue(): Promise<number> {
      const queued = new Set(
        (await unfinishedPayloads()).map(
          (payload) => (JSON.parse(payload) as ReindexPayload).mount_id,
        ),
      );
      let started = 0;
      for (const mount of await activeMounts()) {
        if (mount.reindex_minutes === null || queued.has(mount.id)) continue;
        const state = await search.rebuildStatus(mount.id);
        // From the last attempt, not the last success: a rebuild that fails is not tried again
        // every minute.
        const since = Math.max(state.rebuiltAt ?? 0, state.lastActiveAt ?? 0);
        const dueAt = since + mount.reindex_minutes * 60_000;
        if (state.rebuilding || dueAt > clock.now()) continue;
        await enqueue('system', { mount_id: mount.id, path: mount.mount_path });
        started += 1;
      }
      return started;
    },
  };
}

export type ReindexJobs = ReturnType<typeof createReindexJobs>;
