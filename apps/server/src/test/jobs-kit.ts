import type { FsJob } from '@sharebin/shared';
import type { Server } from '../app/create-server';
import type { JobTimings } from '../modules/jobs/jobs.worker';
import { expectData, fsClient } from './fs-client';
import { type RequestOptions, sendRequest } from './harness';

/**
 * Job timings for tests: heartbeats every few milliseconds, and a lease that only the test
 * clock ends (advance it past `leaseMs` to play a dead instance's lease running out).
 */
export const TEST_JOB_TIMINGS: JobTimings = {
  leaseMs: 60_000,
  heartbeatMs: 10,
  pollMs: 20,
  // An item whose storage fails is tried three times, at once: tests of a storage that comes
  // back set waits of their own.
  retryDelaysMs: [1, 1],
};

/** Job calls over HTTP as the admin or a key, and the worker of `server()` run to the end. */
export function jobsClient(server: () => Server, options: () => RequestOptions) {
  const prefix = () => (options().token ? '/api/admin/fs' : '/api/user/fs');
  const request = <T>(method: string, path: string, body?: unknown) =>
    sendRequest<T>(server().app, method, `${prefix()}${path}`, body, options());
  return {
    request,
    /** Starts a copy or move; answers the job id (202). */
    async start(
      call: 'batch-copy' | 'move',
      items: { sourcePath: string; targetPath: string }[],
      extra: Record<string, unknown> = {},
    ): Promise<string> {
      const accepted = await expectData<{ job_id: string }>(
        request('POST', `/${call}`, { items, ...extra }),
        202,
      );
      return accepted.job_id;
    },
    job: (id: string) => expectData<FsJob>(request('GET', `/jobs/${id}`)),
    list: async () => (await expectData<{ items: FsJob[] }>(request('GET', '/jobs'))).items,
    /** Runs every claimable job on this server's worker; answers the job as it then is. */
    async finish(id: string): Promise<FsJob> {
      await server().jobs.worker.runAvailable();
      return this.job(id);
    },
  };
}

/** The file-system and job calls of one test, as the admin (or a key) of `options()`. */
export const jobTestClients = (server: () => Server, options: () => RequestOptions) => ({
  fs: fsClient(server, options),
  jobs: jobsClient(server, options),
});
