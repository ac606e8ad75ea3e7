import type { IndexEntry } from '../../search/search.models';
import type { FsEntry, StorageDriver } from '../../storage/drivers/storage-driver';

/** A listed storage entry as the search index takes it, at `path` within its mount. */
export const indexEntryOf = (entry: FsEntry, path: string): IndexEntry => ({
  path,
  isDirectory: entry.isDirectory,
  size: entry.isDirectory ? null : entry.size,
  modifiedAt: entry.lastModified?.getTime() ?? null,
});

/**
 * Entries a page when a walk lists a storage whose listings wait on no network. Each page lives
 * until the walk has taken all of it (a zip, a copy or the search index handles every entry
 * first): a page of 100 is taken before the collector's next scavenge and dies young, where one
 * of 1,000 lived long enough to be promoted, and reached the old generation (bench/RESULTS.md).
 * A local storage resumes a listing where its page ended, so small pages read nothing twice.
 * A storage over the network is listed in pages as large as it answers: its round trips cost.
 */
const LOCAL_WALK_PAGE = 100;

/** The direct children of the folder `folder` of a storage, page after page, with their keys. */
export async function* folderChildren(
  storage: StorageDriver,
  folder: string,
): AsyncIterable<{ key: string; entry: FsEntry }> {
  const limit = storage.capabilities.networkListings ? undefined : LOCAL_WALK_PAGE;
  let cursor: string | undefined;
  do {
    const page = await storage.listDirectory(folder, { cursor, limit });
    for (const entry of page.entries) {
      yield { key: folder === '' ? entry.name : `${folder}/${entry.name}`, entry };
    }
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}

/**
 * Everything below the folder `key` of a storage, one page at a time, folders before what
 * they hold: a flat listing for the search index (a mount's rebuild, a copied folder). Paths
 * are within the mount (`/` + key). Memory holds the folders still to visit, not the entries.
 */
export async function* walkStorage(storage: StorageDriver, key: string): AsyncIterable<IndexEntry> {
  const pending = [key];
  for (let folder = pending.pop(); folder !== undefined; folder = pending.pop()) {
    for await (const { key: childKey, entry } of folderChildren(storage, folder)) {
      if (entry.isDirectory) pending.push(childKey);
      yield indexEntryOf(entry, `/${childKey}`);
    }
  }
}
