import type { FsJob } from '@sharebin/shared';
import { notifyError } from '../../app/notify';
import { browserTasks } from './browser-tasks';
import { jobFollower } from './job-follower';
import { isEntryFinished, type TaskEntry } from './task-view';
import { jobsApi } from './tasks.api';

/** Sends a job call whose answer is the job as it now is, and shows it; a refusal is told. */
async function jobCall(call: () => Promise<FsJob>) {
  try {
    jobFollower.replace(await call());
  } catch (error) {
    notifyError(error);
    void jobFollower.refresh();
  }
}

/** What the panel's buttons do; a refusal is told, and the list is taken from the server again. */
export const taskActions = {
  cancelJob: (id: string) => jobCall(() => jobsApi.cancel(id)),
  retryJob: (id: string) => jobCall(() => jobsApi.retry(id)),

  async removeJob(id: string) {
    try {
      await jobsApi.remove(id);
      jobFollower.forget([id]);
    } catch (error) {
      notifyError(error);
      void jobFollower.refresh();
    }
  },

  /** Forgets every finished task: jobs on the server, browser tasks here. */
  async clearFinished(entries: TaskEntry[]) {
    const finished = entries.filter(isEntryFinished);
    for (const entry of finished) {
      if (entry.source === 'browser') browserTasks.dismiss(entry.task.id);
    }
    const jobIds = finished.flatMap((entry) => (entry.source === 'job' ? [entry.job.id] : []));
    const results = await Promise.allSettled(jobIds.map((id) => jobsApi.remove(id)));
    jobFollower.forget(jobIds.filter((_, index) => results[index]?.status === 'fulfilled'));
    const refusal = results.find((result) => result.status === 'rejected');
    if (refusal) notifyError(refusal.reason);
  },
};
