import type { FsJob, Mount } from '@sharebin/shared';
import { failureText } from '../../app/error-messages';
import { notifyError, notifySuccess, notifyWarning } from '../../app/notify';
import { i18n } from '../../i18n';
import { jobFollower } from '../tasks';
import { mountsApi } from './mounts.api';

export type ReindexOutcome =
  | { key: 'done' | 'cancelled' | 'alreadyRunning' }
  | { key: 'failed'; reason: string };

/**
 * How a rebuild job ended, for its notification. Its one item is the mount: skipped when a
 * rebuild of it already ran elsewhere.
 */
export function reindexOutcome(job: FsJob, language: string): ReindexOutcome {
  if (job.status === 'cancelled') return { key: 'cancelled' };
  const failure = job.errors[0];
  if (job.error || failure || job.failed > 0 || job.status === 'failed') {
    const reason = job.error ?? (failure ? failureText(failure, language) : '');
    return { key: 'failed', reason };
  }
  if (job.skipped > 0) return { key: 'alreadyRunning' };
  return { key: 'done' };
}

/**
 * "Rebuild index": queues the job, says so, and leaves it to the task manager (which shows its
 * progress meanwhile) until it ends, then tells how it went. Answers once it has ended, or the
 * call failed (shown as the server's reason, translated).
 */
export async function rebuildIndex(mount: Mount): Promise<void> {
  const t = i18n.t;
  const path = mount.mount_path;
  try {
    const started = await mountsApi.reindex(mount.id);
    notifySuccess(t('mountManagement.reindex.started', { path }));
    const outcome = reindexOutcome(await jobFollower.follow(started.job_id), i18n.language);
    if (outcome.key === 'done') {
      // The job's bytes are the entries only while it runs (they follow its heartbeat): the
      // index's own count is the one to tell.
      const entries = await mountsApi.reindexStatus(mount.id).then(
        (status) => status.entries,
        () => null,
      );
      notifySuccess(
        entries === null
          ? t('mountManagement.reindex.rebuilt', { path })
          : t('mountManagement.reindex.done', { path, count: entries }),
      );
      return;
    }
    notifyWarning(
      t(`mountManagement.reindex.${outcome.key}`, {
        path,
        reason: outcome.key === 'failed' ? outcome.reason : undefined,
      }),
    );
  } catch (error) {
    notifyError(error);
  }
}
