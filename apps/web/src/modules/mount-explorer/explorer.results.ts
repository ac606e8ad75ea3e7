import type { FsBatchResult, FsJob, FsJobAccepted } from '@sharebin/shared';
import { failureText } from '../../app/error-messages';
import { notifyError, notifySuccess, notifyWarning } from '../../app/notify';
import { i18n } from '../../i18n';
import { jobFailureText, jobFollower } from '../tasks';
import { isJobAccepted, type TransferOutcome } from './fs.api';

/** A finished job's counts, added to what the call itself did (batch-remove's small paths). */
function withJob(done: FsBatchResult, job: FsJob): FsBatchResult & { failedCount: number } {
  return {
    success: done.success + job.success,
    skipped: done.skipped + job.skipped,
    failed: [...done.failed, ...job.errors],
    failedCount: done.failed.length + job.failed,
  };
}

/**
 * Tells how a call on many paths went: all done, or the counts and the first failures with
 * the server's reasons. A call handed to a job is followed until the job ends. `doneKey` words
 * the full success (moved, copied, deleted).
 */
export async function reportBatch(
  outcome: TransferOutcome | FsBatchResult,
  doneKey: string,
): Promise<void> {
  const t = i18n.t;
  const direct: FsBatchResult = isJobAccepted(outcome)
    ? { success: 0, skipped: 0, failed: [] }
    : outcome;
  const jobId = outcome.job_id;
  const job = jobId ? await jobFollower.follow(jobId) : null;
  if (job?.status === 'cancelled') {
    notifyWarning(t('mountExplorer.transfer.cancelled'));
    return;
  }
  const jobFailure = job && jobFailureText(job, i18n.language);
  if (jobFailure) {
    notifyWarning(jobFailure);
    return;
  }
  const result = job ? withJob(direct, job) : { ...direct, failedCount: direct.failed.length };
  if (result.failedCount === 0 && result.skipped === 0) {
    notifySuccess(t(doneKey as 'mountExplorer.remove.done', { count: result.success }));
    return;
  }
  const reasons = result.failed
    .slice(0, 3)
    .map((failure) => failureText(failure, i18n.language))
    .join('\n');
  notifyWarning(
    [
      t('mountExplorer.transfer.partial', {
        success: result.success,
        skipped: result.skipped,
        failed: result.failedCount,
      }),
      reasons,
    ]
      .filter(Boolean)
      .join('\n'),
  );
}

/**
 * A job the user just started from a dialog: said so, followed in the background (the task
 * manager shows it meanwhile) and told when it ends; `onDone` then refreshes what it changed.
 */
export function followStartedJob(job: FsJobAccepted, doneKey: string, onDone: () => void): void {
  notifySuccess(i18n.t('mountExplorer.transfer.job', { id: job.job_id }));
  void reportBatch(job, doneKey)
    .catch((error: unknown) => notifyError(error))
    .finally(onDone);
}
