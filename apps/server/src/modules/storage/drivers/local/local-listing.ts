import type { Clock } from '../../../shared/clock';
import { assertValidPrefix, listLimit } from '../driver-arguments';
import type { FolderDates } from '../fs-port';
import type { ListOptions, ListResult, ObjectInfo } from '../storage-driver';
import {
  folderFromStats,
  type ListEntry,
  objectFromStats,
  objectPath,
  walkKeys,
} from './local-files';
import type { LocalStats } from './local-stats';
import { ResumableListings } from './resumable-listings';

/** Files of a listing page stat'ed at once. */
const STAT_BATCH = 64;

/** A listed object: no Content-Type in listings. Field by field, as `fileEntry` says why. */
const listed = ({ key, size, etag, lastModified }: ObjectInfo): ObjectInfo => ({
  key,
  size,
  etag,
  lastModified,
  contentType: null,
});

/**
 * The local driver's `list`, which also answers the dates of the folders it lists (for
 * `listDirectory`). A listing paged through is one walk of its folders (`ResumableListings`).
 */
export function createLocalListing(root: string, stats: LocalStats, clock: Clock) {
  const listings = new ResumableListings(clock);

  /** A page of `list`, with the dates of the folders it holds (for `listDirectory`). */
  return async function listPage(
    prefix: string,
    { cursor, limit, delimiter = false }: ListOptions = {},
  ): Promise<ListResult & { folderDates: Map<string, FolderDates> }> {
    assertValidPrefix(prefix);
    const pageSize = listLimit(limit);
    const page: ListResult = { objects: [], prefixes: [], nextCursor: null };
    const folderDates = new Map<string, FolderDates>();
    const keys: { kind: 'prefix' | 'object'; key: string }[] = [];
    const resumed = cursor === undefined ? undefined : listings.take(prefix, delimiter, cursor);
    const walk = resumed?.walk ?? walkKeys({ root, prefix, delimiter, after: cursor });
    let entry: ListEntry | undefined = resumed?.first ?? (await walk.next()).value;
    for (; entry; entry = (await walk.next()).value) {
      if (keys.length === pageSize) {
        // One entry beyond the page exists, so there is a next page, which starts with it.
        const nextCursor = keys.at(-1)?.key as string;
        page.nextCursor = nextCursor;
        listings.keep(prefix, delimiter, nextCursor, walk, entry);
        break;
      }
      keys.push(entry.kind === 'prefix' ? { kind: 'prefix', key: entry.prefix } : entry);
    }
    // Files and folders are stat'ed STAT_BATCH at a time (on a local disk one after another
    // in the loop, see `createLocalStats`): a 10,000-entry folder is ten pages of a thousand
    // stats each. A folder's stat gives its dates, and leaves out one deleted since the walk
    // read its parent (a resumed page's folders were read when the listing began).
    const statOf = async (entry: (typeof keys)[number]) => {
      if (entry.kind === 'object') {
        const found = await stats.stat(objectPath(root, entry.key));
        return found && objectFromStats(entry.key, found);
      }
      const found = await stats.lstat(objectPath(root, entry.key.slice(0, -1)));
      return found && folderFromStats(found);
    };
    for (let start = 0; start < keys.length; start += STAT_BATCH) {
      const batch = keys.slice(start, start + STAT_BATCH);
      const found = await Promise.all(batch.map(statOf));
      batch.forEach((entry, i) => {
        const info = found[i];
        if (!info) return;
        if (entry.kind === 'object') page.objects.push(listed(info as ObjectInfo));
        else {
          page.prefixes.push(entry.key);
          folderDates.set(entry.key, info as FolderDates);
        }
      });
    }
    return { ...page, folderDates };
  };
}
