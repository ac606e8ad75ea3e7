import type { Readable } from 'node:stream';
import type { Principal } from '@sharebin/shared';
import { AppError } from '../../app/errors';
import type { FsLocator } from '../fs/fs-locator';
import { type Clock, toIso } from '../shared/clock';
import { parseRange } from '../storage/object-response';
import type { CrcCache } from './crc-cache';
import { layOut } from './zip-layout';
import { ZIP_LINK_TTL_MS, type ZipLinks } from './zip-links';
import { planArchive } from './zip-plan';
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
}

/** Zip archives of files and folders of the virtual file system (SPEC §1, the file basket). */
export function createZipUseCases({ locator, links, crcs, clock }: ZipDeps) {
  return {
    /**
     * The archive of `paths`, or the asked range of it (`Range` as sent). With `If-Range`, a
     * range is answered only while the archive is still the one of that ETag; else all of it.
     */
    async archive(
      principal: Principal,
      paths: string[],
      { range, ifRange }: { range?: string; ifRange?: string } = {},
    ): Promise<ZipArchive> {
      const plan = await planArchive({ locator, principal, paths });
      const layout = layOut(plan.entries);
      const etag = `"${layout.etag}"`;
      const ranged =
        range && (!ifRange || ifRange === etag) ? parseRange(range, layout.size) : undefined;
      return {
        fileName: plan.fileName,
        size: layout.size,
        etag,
        range: ranged,
        body: archiveStream(layout, ranged ?? { start: 0, end: layout.size - 1 }, crcs),
      };
    },

    /** A token for `GET …/fs/zip?token=`, which downloads the archive without credentials. */
    async link(
      principal: Principal,
      paths: string[],
    ): Promise<{ token: string; expires_at: string }> {
      // Refused now rather than when the link is used: a path outside the key's base path.
      await Promise.all(paths.map((path) => locator.read(principal, path).catch(unlessForbidden)));
      return {
        token: links.issue(principal, paths),
        expires_at: toIso(clock.now() + ZIP_LINK_TTL_MS),
      };
    },

    /** Who signed the link and what it holds; throws when it is invalid or expired. */
    openLink: (token: string) => links.open(token),
  };
}

function unlessForbidden(error: unknown): void {
  if (error instanceof AppError && error.status === 403) throw error;
}

export type ZipUseCases = ReturnType<typeof createZipUseCases>;
