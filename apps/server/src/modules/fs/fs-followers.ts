import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import type { NamedCache } from '../cache/named-cache';
import type { SearchUseCases } from '../search/search.usecases';
import type { Clock } from '../shared/clock';
import type { FsEntry } from '../storage/drivers/storage-driver';
import type { MountLocation } from './fs-locator';
import { walkStorage } from './fs-walk';
import type { FsChange } from './fs-write.usecases';

/** Entries a copied folder adds to the index per call. */
const WALK_BATCH = 500;
/** `last_refreshed_at` is a hint for the admin, not worth a database write per listing. */
export const REFRESH_NOTE_INTERVAL_MS = 60_000;
/** Folders whose last indexed listing a process remembers (a digest each). */
const INDEXED_FOLDERS_REMEMBERED = 10_000;

type Warn = Pick<Logger, 'warn'>;
const withinMount = (location: MountLocation) => `/${location.key}`;

/**
 * What follows a write through the file system: the directory cache of every instance first
 * (awaited, so a listing anywhere after the answer shows the write), then the search index.
 * The index is repairable (listings, rebuild), so its failures are logged, not answered: the
 * write itself did happen.
 */
export function createFsChangeFollower({
  directories,
  search,
  clock,
  logger,
}: {
  directories: Pick<NamedCache<unknown>, 'invalidatePath'>;
  search: Pick<SearchUseCases, 'upsert' | 'remove' | 'move'>;
  clock: Clock;
  logger: Warn;
}) {
  async function invalidate(change: FsChange) {
    if (change.kind === 'moved') {
      await directories.invalidatePath(change.from.path, { subtree: true });
    }
    const subtree = change.kind === 'removed' ? change.subtree : change.isDirectory;
    await directories.invalidatePath(change.location.path, { subtree });
  }

  async function indexWritten(location: MountLocation, isDirectory: boolean, size: number | null) {
    const mountId = location.mount.id;
    await search.upsert(mountId, [
      { path: withinMount(location), isDirectory, size, modifiedAt: clock.now() },
    ]);
    if (!isDirectory) return;
    // A copied folder brings its content; an empty new folder costs one listing.
    let batch = [];
    for await (const entry of walkStorage(location.storage, location.key)) {
      batch.push(entry);
      if (batch.length >= WALK_BATCH) {
        await search.upsert(mountId, batch);
        batch = [];
      }
    }
    await search.upsert(mountId, batch);
  }

  function index(change: FsChange): Promise<void> {
    const mountId = change.location.mount.id;
    switch (change.kind) {
      case 'removed':
        return search.remove(mountId, withinMount(change.location), { subtree: change.subtree });
      case 'moved':
        return search.move(mountId, withinMount(change.from), withinMount(change.location));
      case 'written':
        return indexWritten(change.location, change.isDirectory, change.size);
    }
  }

  return async (changes: FsChange[]): Promise<void> => {
    for (const change of changes) await invalidate(change);
    for (const change of changes) {
      await index(change).catch((error: unknown) =>
        logger.warn({ err: error, path: change.location.path }, 'search index not updated'),
      );
    }
  };
}

/**
 * What follows a folder listing read from storage (not from the cache), off the request's
 * path: the index takes the folder as listed, and the mount notes when it was last read.
 */
export function createListingFollower({
  search,
  noteRefreshed,
  clock,
  logger,
}: {
  search: Pick<SearchUseCases, 'replaceFolder'>;
  noteRefreshed: (mountId: string, at: number) => Promise<unknown>;
  clock: Clock;
  logger: Warn;
}) {
  const lastNoted = new Map<string, number>();
  /**
   * What this process last gave the index for a folder: a folder listed again unchanged (a
   * mount without cache lists on every request) costs no transaction of a thousand rows.
   */
  const lastIndexed = new Map<string, string>();

  return (location: MountLocation, entries: FsEntry[]): void => {
    const mountId = location.mount.id;
    const now = clock.now();
    const children = entries.map((entry) => ({
      name: entry.name,
      isDirectory: entry.isDirectory,
      size: entry.isDirectory ? null : entry.size,
      modifiedAt: entry.lastModified?.getTime() ?? null,
    }));
    const work: Promise<unknown>[] = [];
    const folderKey = `${mountId}:${location.key}`;
    const digest = createHash('sha1').update(JSON.stringify(children)).digest('base64');
    if (lastIndexed.get(folderKey) !== digest) {
      if (lastIndexed.size >= INDEXED_FOLDERS_REMEMBERED) lastIndexed.clear();
      lastIndexed.set(folderKey, digest);
      work.push(
        search.replaceFolder(mountId, withinMount(location), children).catch((error: unknown) => {
          // Not indexed after all: the next listing tries again.
          lastIndexed.delete(folderKey);
          throw error;
        }),
      );
    }
    if (now - (lastNoted.get(mountId) ?? Number.NEGATIVE_INFINITY) >= REFRESH_NOTE_INTERVAL_MS) {
      lastNoted.set(mountId, now);
      work.push(noteRefreshed(mountId, now));
    }
    void Promise.all(work).catch((error: unknown) =>
      logger.warn({ err: error, path: location.path }, 'listing not followed up'),
    );
  };
}
