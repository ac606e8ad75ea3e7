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

/** Streamed while still listing: no length, no ETag, no ranges. */
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

export type RangeHeaders = { range?: string; ifRange?: string };

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
  /** With a stale `If-Range` ETag, the whole archive is answered. */
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
    /** Within the inline budget: exact length and ranges; else streamed, any range ignored. */
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

    /** `GET …/fs/zip?token=`; waits for a plan under way. */
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
