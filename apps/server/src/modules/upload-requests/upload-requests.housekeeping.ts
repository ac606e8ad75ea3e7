import type { Clock } from '../shared/clock';
import { currentProcess, type ProcessIdentity } from '../shared/process-identity';
import type { UploadRequestsRepository } from './upload-requests.repository';

/**
 * How long a file may be arriving when its receiving process cannot be probed (another host or
 * container): a day, far past any upload that still moves (the HTTP idle timeout ends a stalled
 * one within minutes).
 */
export const ABANDONED_ARRIVAL_MS = 24 * 3_600_000;

/**
 * Gives back what files that never arrived held of their requests (a `kill -9` or a crash
 * mid-upload): at every start for this host's dead processes, and periodically for the rest.
 * What such a file wrote is a storage temp file or an unfinished multipart upload, which the
 * file-system housekeeping already removes.
 */
export function createUploadRequestsHousekeeping({
  repository,
  clock,
  owners = currentProcess,
}: {
  repository: Pick<UploadRequestsRepository, 'receiving' | 'dropArrival' | 'release'>;
  clock: Clock;
  owners?: Pick<ProcessIdentity, 'stateOf'>;
}) {
  return {
    async releaseAbandoned(): Promise<number> {
      const before = clock.now() - ABANDONED_ARRIVAL_MS;
      let released = 0;
      for (const row of await repository.receiving()) {
        const gone = row.owner_process !== null && owners.stateOf(row.owner_process) === 'gone';
        if (!gone && row.created_at >= before) continue;
        if (!(await repository.dropArrival(row.id))) continue;
        await repository.release({ requestId: row.request_id, bytes: row.claimed_bytes });
        released++;
      }
      return released;
    },
  };
}
