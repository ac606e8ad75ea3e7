import type { FsBatchResult, Principal } from '@sharebin/shared';
import type { NewJobItem } from '../../jobs/job-items.repository';
import type { JobContext, JobHandler } from '../../jobs/jobs.worker';
import { fsNotFound, fsReadOnly } from '../fs.errors';
import type { FsChange } from '../fs-change.models';
import type { FsLocator, MountLocation } from '../fs-locator.usecases';
import type { FsWriteUseCases } from '../fs-write.usecases';
import { failureOf, keepParentFolder } from '../fs-write.usecases';
import { itemFailure } from './fs-transfer.job';
import { walkStorage } from './fs-walk.usecases';

/**
 * A folder holding more files than this is deleted by a job, with progress; a file or a smaller
 * folder is deleted before the call answers, as before.
 */
export const LARGE_DELETE_FILES = 1_000;
const PLAN_BATCH = 500;

export interface DeletePayload {
  paths: string[];
}

/**
 * Deletes of large folders as jobs (issue 10): one item per file, then the folder itself.
 * `remove` and `batchRemove` decide per path whether it is large.
 */
export function createDeleteJobs({
  locator,
  write,
  onChange,
  enqueue,
  principalOf,
  largeDeleteFiles = LARGE_DELETE_FILES,
}: {
  locator: FsLocator;
  write: FsWriteUseCases;
  onChange: (changes: FsChange[]) => Promise<void>;
  enqueue: (principal: Principal, payload: DeletePayload) => Promise<string>;
  principalOf: (context: JobContext) => Promise<Principal | null>;
  largeDeleteFiles?: number;
}) {
  /** Whether the folder holds more files than a call deletes by itself (stops counting there). */
  async function isLarge(principal: Principal, path: string): Promise<boolean> {
    const location = await locator.write(principal, path);
    const entry = await location.storage.stat(location.key);
    if (!entry) throw fsNotFound(path);
    if (!entry.isDirectory) return false;
    let files = 0;
    for await (const below of walkStorage(location.storage, location.key)) {
      if (!below.isDirectory && ++files > largeDeleteFiles) return true;
    }
    return false;
  }

  const principalFor = async (context: JobContext) => {
    const principal = await principalOf(context);
    if (!principal) throw new Error('The API key that started this job no longer exists');
    return principal;
  };

  const handler: JobHandler = {
    counted: ['file'],
    async plan(context, add) {
      const { paths } = JSON.parse(context.job.payload) as DeletePayload;
      const principal = await principalFor(context);
      const step = (kind: string, source_path: string, size = 0): NewJobItem => ({
        kind,
        source_path,
        target_path: null,
        size,
        status: 'pending',
        error: null,
        message: null,
      });
      for (const path of paths) {
        try {
          const location = await locator.write(principal, path);
          let batch: NewJobItem[] = [];
          for await (const below of walkStorage(location.storage, location.key)) {
            if (below.isDirectory) continue;
            batch.push(
              step('file', path + below.path.slice(location.key.length + 1), below.size ?? 0),
            );
            if (batch.length >= PLAN_BATCH) {
              await add(batch);
              batch = [];
            }
          }
          batch.push(step('folder', path));
          await add(batch);
        } catch (error) {
          await add([{ ...step('file', path), ...itemFailure(error) }]);
        }
      }
    },
    async runItem(context, item) {
      try {
        const location: MountLocation = await locator.write(
          await principalFor(context),
          item.source_path,
        );
        if (item.kind === 'file') await location.storage.delete(location.key);
        else {
          await location.storage.deletePrefix(location.key);
          await keepParentFolder(location);
          await onChange([{ kind: 'removed', location, subtree: true }]);
        }
        return { status: 'done' };
      } catch (error) {
        if (context.signal.aborted) throw error;
        return itemFailure(error);
      }
    },
  };

  return {
    handler,

    /** Deletes a file or small folder now (answers null), or hands a large folder to a job. */
    async remove(principal: Principal, path: string): Promise<{ job_id: string } | null> {
      if (await isLarge(principal, path)) {
        return { job_id: await enqueue(principal, { paths: [path] }) };
      }
      await write.remove(principal, path);
      return null;
    },

    /** Small paths go now; large folders go together into one job, named in `job_id`. */
    async batchRemove(principal: Principal, paths: string[]): Promise<FsBatchResult> {
      // One refusal for the whole call, not a list of items that all failed alike.
      if (principal.type === 'apikey' && principal.mountReadOnly) {
        throw fsReadOnly(paths[0] ?? '/');
      }
      const result: FsBatchResult = { success: 0, skipped: 0, failed: [] };
      const large: string[] = [];
      for (const path of paths) {
        try {
          if (await isLarge(principal, path)) large.push(path);
          else {
            await write.remove(principal, path);
            result.success += 1;
          }
        } catch (error) {
          result.failed.push(failureOf(path, error));
        }
      }
      if (large.length > 0) result.job_id = await enqueue(principal, { paths: large });
      return result;
    },
  };
}

export type DeleteJobs = ReturnType<typeof createDeleteJobs>;
