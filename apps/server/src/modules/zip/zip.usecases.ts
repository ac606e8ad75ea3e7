import type { Readable } from 'node:stream';
import type { Principal } from '@sharebin/shared';
import type { FsLocator } from '../fs/fs-locator.usecases';
import { type Clock, toIso } from '../shared/clock';
import { parseRange } from '../storage/object-response';
import type { CrcCache } from './crc-cache';
import { CENTRAL_MEMORY_BYTES } from './zip-central-records';
import type { ZipJobs } from './zip-job';
import { layOut, type ZipSource } from './zip-layout';
import { ZIP_LINK_TTL_MS, type ZipLinks } from './zip-links';
import { unlessForbidden, ZIP_MAX_ENTRIES } from './zip-plan';
import { archiveStream } from './zip-stream';
import { streamedArchive } from './zip-streamed';
import {
  type InlinePlanBudget,
  planWithinBudget,
  ZIP_INLINE_PLAN_ENTRIES,
  ZIP_INLINE_PLAN_FOLDERS,
} from './zip-walk-feed';

export interface ZipArchive {
  fileName: string;
  /** The whole archive's size, known before its first byte. */
  size: number;
  etag: string;
  /** Present when a range of the archive is answered (end inclusive). */
  range?: { start: number; end: number };
  body: Readable;
}

/**
 * An archive streamed while its files are still being listed (a direct archive past its
 * budget): no length, no ETag, no ranges.
 */
export interface StreamedZipArchive {
  fileName: string;
  streamed: true;
  body: Readable;
}

/** Limits of direct archives; tests make them small. */
export interface ZipLimits {
  /** Within it a direct archive is planned in memory first; past it, it streams at once. */
  inlinePlan?: InlinePlanBudget;
  /** More entries than this refuse the archive (413, or a stream cut short once under way). */
  maxEntries?: number;
  /** Central directory bytes a streamed archive keeps in memory before it uses a temp file. */
  centralMemoryBytes?: number;
}

export interface ZipDeps {
  locator: FsLocator;
  links: ZipLinks;
  crcs: CrcCache;
  clock: Clock;
  jobs: ZipJobs;
  /** Starts a zip job planning the archive of `paths`; answers its id. */
  enqueue: (principal: Principal, paths: string[]) => Promise<string>;
  limits?: ZipLimits;
}

type RangeHeaders = { range?: string; ifRange?: string };

/** Zip archives of files and folders of the virtual file system (SPEC §1, the file basket). */
export function createZipUseCases({
  locator,
  links,
  crcs,
  clock,
  jobs,
  enqueue,
  limits: {
    inlinePlan = { entries: ZIP_INLINE_PLAN_ENTRIES, folders: ZIP_INLINE_PLAN_FOLDERS },
    maxEntries = ZIP_MAX_ENTRIES,
    centralMemoryBytes = CENTRAL_MEMORY_BYTES,
  } = {},
}: ZipDeps) {
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
    /**
     * The archive of `paths` (`POST …/fs/zip`): planned in memory now when its walk ends within
     * the inline budget (entries and folders, never time: the same paths get the same answer),
     * with an exact length and ranges; else streamed at once while the walk goes on (a range
     * asked for is then ignored: the whole archive comes).
     */
    async archive(
      principal: Principal,
      paths: string[],
      headers: RangeHeaders = {},
    ): Promise<ZipArchive | StreamedZipArchive> {
      const walked = await planWithinBudget({ locator, principal, paths, maxEntries }, inlinePlan);
      if ('plan' in walked)
        return answer(layOut(walked.plan.entries), walked.plan.fileName, headers);
      const { walk } = walked;
      return {
        fileName: walk.fileName,
        streamed: true,
        body: streamedArchive(walk, crcs, centralMemoryBytes),
      };
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
