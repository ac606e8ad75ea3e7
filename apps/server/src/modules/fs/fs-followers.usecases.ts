import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import type { NamedCache } from '../cache/named-cache';
import type { IndexEntry } from '../search/search.models';
import type { SearchUseCases } from '../search/search.usecases';
import type { Clock } from '../shared/clock';
import type { FileChecksumsTable } from '../shared/db.schema';
import { createWriteBatcher } from '../shared/write-batcher';
import type { FsEntry } from '../storage/drivers/storage-driver';
import type { Checksums } from './checksums/checksum-worker';
import type { ChecksumsRepository } from './checksums/fs-checksums.usecases';
import type { FsChange } from './fs-change.models';
import type { MountLocation } from './fs-locator.usecases';
import { walkStorage } from './transfers/fs-walk.usecases';

/** Entries a copied folder adds to the index per call. */
const WALK_BATCH = 500;
/** Bounds when another instance's search finds a new file (ours wait for the batch). */
export const INDEX_BATCH_DELAY_MS = 100;
/** `last_refreshed_at` is a hint for the admin, not worth a database write per listing. */
export const REFRESH_NOTE_INTERVAL_MS = 60_000;
/** Folders whose last indexed listing a process remembers (a digest each). */
const INDEXED_FOLDERS_REMEMBERED = 10_000;

type Warn = Pick<Logger, 'warn'>;
const withinMount = (location: MountLocation) => `/${location.key}`;

/** A file written through the file system, as its batch of index rows takes it. */
interface WrittenFile {
  location: MountLocation;
  size: number | null;
  at: number;
  /** The stored object's ETag and the checksums of its bytes, when both are known. */
  stored?: { etag: string; checksums: Checksums };
}

/**
 * Cache invalidation is awaited, so any listing after the answer shows the write; index rows are
 * batched off the request path, and other changes drain the batch first to keep order. Index
 * failures are only logged: the index is repairable and the write did happen.
 */
export function createFsChangeFollower({
  directories,
  search,
  checksums,
  clock,
  logger,
}: {
  directories: Pick<NamedCache<unknown>, 'invalidatePath'>;
  search: Pick<SearchUseCases, 'upsert' | 'upsertTogether' | 'remove' | 'move'>;
  checksums: Pick<ChecksumsRepository, 'put' | 'remove' | 'move'>;
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

  const files = createWriteBatcher<WrittenFile>(
    async (batch) => {
      const byMount = new Map<string, IndexEntry[]>();
      for (const file of batch) {
        const entries = byMount.get(file.location.mount.id) ?? [];
        // Of two writes of one path in a batch, the later one stands.
        const path = withinMount(file.location);
        const at = entries.findIndex((entry) => entry.path === path);
        if (at >= 0) entries.splice(at, 1);
        entries.push({ path, isDirectory: false, size: file.size, modifiedAt: file.at });
        byMount.set(file.location.mount.id, entries);
      }
      const rows = new Map<string, FileChecksumsTable>();
      for (const { location, stored } of batch) {
        if (!stored) continue;
        const row = {
          storage_config_id: location.mount.storage_config_id,
          storage_key: location.key,
          etag: stored.etag,
          ...stored.checksums,
        };
        rows.set(`${row.storage_config_id}\0${row.storage_key}`, row);
      }
      const groups = [...byMount].map(([mountId, entries]) => ({ mountId, entries }));
      await search
        .upsertTogether(groups, (trx) => checksums.put([...rows.values()], trx))
        .catch((error: unknown) =>
          logger.warn({ err: error, files: batch.length }, 'search index not updated'),
        );
    },
    { delayMs: INDEX_BATCH_DELAY_MS },
  );

  async function indexFolder(location: MountLocation) {
    const mountId = location.mount.id;
    await search.upsert(mountId, [
      { path: withinMount(location), isDirectory: true, size: null, modifiedAt: clock.now() },
    ]);
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

  async function index(change: FsChange): Promise<void> {
    const mountId = change.location.mount.id;
    const storageId = change.location.mount.storage_config_id;
    switch (change.kind) {
      case 'removed':
        await search.remove(mountId, withinMount(change.location), { subtree: change.subtree });
        await checksums.remove(storageId, change.location.key, { subtree: change.subtree });
        return;
      case 'moved':
        await search.move(mountId, withinMount(change.from), withinMount(change.location));
        // A folder's files lose theirs (they are recorded again when next written).
        if (change.isDirectory) {
          await checksums.remove(storageId, change.from.key, { subtree: true });
        } else {
          await checksums.move(storageId, change.from.key, change.location.key);
        }
        return;
      case 'written':
        return indexFolder(change.location);
    }
  }

  return {
    /** Told of every change after it is made and before the call answers. */
    async follow(changes: FsChange[]): Promise<void> {
      for (const change of changes) await invalidate(change);
      for (const change of changes) {
        if (change.kind === 'written' && !change.isDirectory) {
          files.add({
            location: change.location,
            size: change.size,
            at: clock.now(),
            ...(change.stored ? { stored: change.stored } : {}),
          });
          continue;
        }
        await files.drain();
        await index(change).catch((error: unknown) =>
          logger.warn({ err: error, path: change.location.path }, 'search index not updated'),
        );
      }
    },
    /** Answers once the files written so far are in the index (a search waits for them). */
    drain: files.drain,
  };
}

export type FsChangeFollower = ReturnType<typeof createFsChangeFollower>;

/** Off the request path, for listings read from storage (not the cache). */
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
  /** An unchanged relisting (uncached mounts list every request) costs no 1,000-row transaction. */
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
