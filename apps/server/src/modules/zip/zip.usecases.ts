import type { Readable } from 'node:stream';
import type { Principal } from '@sharebin/shared';
import type { FsLocator } from '../fs/fs-locator';
import { type Clock, toIso } from '../shared/clock';
import { parseRange } from '../storage/object-response';
import type { CrcCache } from './crc-cache';
import type { ZipJobs } from './zip-job';
import { layOut, type ZipSource } from './zip-layout';
import { ZIP_LINK_TTL_MS, type ZipLinks } from './zip-links';
import { planArchive, unlessForbidden } from './zip-plan';
import { archiveStream } from './zip-stream';

export interface ZipArchive {
  fileName: string;
  /** The whole archive's size, known before its first byte. */
  size: number;
  etag: string;
  /** Present when a range of the archive is answered (end inclusive). */
  range?: { start: number; end: number };
  body: Readable;
}

export interface ZipDeps {
  locator: FsLocator;
  links: ZipLinks;
  crcs: CrcCache;
  clock: Clock;
  jobs: ZipJobs;
  /** Starts a zip job planning the archive of `paths`; answers its id. */
  enqueue: (principal: Principal, paths: string[]) => Promise<string>;
}

type RangeHeaders = { range?: string; ifRange?: string };

/** Zip archives of files and folders of the virtual file system (SPEC §1, the file basket). */
export function createZipUseCases({ locator, links, crcs, clock, jobs, enqueue }: ZipDeps) {
  /**
   * The archive, or the asked range of it (`Range` as sent). With `If-Range`, a range is
   * answered only while the archive is still the one of that ETag; else all of it.
   */
  function answer(
    source: ZipSource,
    fileName: string,
    { range, ifRange }: RangeHeaders,
  ): ZipArchive {
    const etag = `"${source.etag}"`;
    const ranged =
      range && (!ifRange || ifRange === etag) ? parseRange(range, source.size) : undefined;
    return {
      fileName,
      size: source.size,
      etag,
      range: ranged,
      body: archiveStream(source, ranged ?? { start: 0, end: source.size - 1 }, crcs),
    };
  }

  return {
    /** The archive of `paths`, planned in memory now (`POST …/fs/zip`). */
    async archive(
      principal: Principal,
      paths: string[],
      headers: RangeHeaders = {},
    ): Promise<ZipArchive> {
      const plan = await planArchive({ locator, principal, paths });
      return answer(layOut(plan.entries), plan.fileName, headers);
    },

    /**
     * The archive of a link (`GET …/fs/zip?token=`), streamed from its job's stored plan; waits
     * for a plan under way. Throws when the token is invalid or expired.
     */
    async linkArchive(token: string, headers: RangeHeaders = {}): Promise<ZipArchive> {
      const { principal, jobId } = await links.open(token);
      const source = await jobs.storedArchive(principal, jobId);
      return answer(source, source.fileName, headers);
    },

    /** A token for `GET …/fs/zip?token=`, which downloads the archive without credentials. */
    async link(
      principal: Principal,
      paths: string[],
    ): Promise<{ token: string; expires_at: string; job_id: string }> {
      // Refused now rather than when the link is used: a path outside the key's base path.
      await Promise.all(paths.map((path) => locator.read(principal, path).catch(unlessForbidden)));
      const jobId = await enqueue(principal, paths);
      return {
        token: links.issue(principal, jobId),
        expires_at: toIso(clock.now() + ZIP_LINK_TTL_MS),
        job_id: jobId,
      };
    },
  };
}

export type ZipUseCases = ReturnType<typeof createZipUseCases>;
