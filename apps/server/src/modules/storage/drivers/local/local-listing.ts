import { statfs } from 'node:fs/promises';
import type { Clock } from '../../../shared/clock';
import { assertValidPrefix, listLimit } from '../driver-arguments';
import type { FolderDates } from '../fs-port';
import type { ListOptions, ListResult, ObjectInfo } from '../storage-driver';
import {
  folderAt,
  folderAtSync,
  type ListEntry,
  objectInfo,
  objectInfoSync,
  objectPath,
  walkKeys,
} from './local-files';
import { ResumableListings } from './resumable-listings';

/** Files of a listing page stat'ed at once. */
const STAT_BATCH = 64;

/**
 * File systems on a local disk or in memory (their `statfs` magic numbers): ext2/3/4, XFS,
 * Btrfs, ZFS, F2FS, bcachefs, tmpfs, ramfs and overlayfs (a container's root). Network and
 * user-space file systems (NFS, SMB, FUSE, 9p, Ceph) are not in the list.
 */
const LOCAL_DISK_TYPES = new Set([
  0xef53, 0x58465342, 0x9123683e, 0x2fc12fc1, 0xf2f52010, 0xca451a4e, 0x01021994, 0x858458f6,
  0x794c7630,
]);

/** Whether the folder at `root` is on a local disk (undefined while it cannot tell). */
export async function onLocalDisk(root: string): Promise<boolean | undefined> {
  try {
    return LOCAL_DISK_TYPES.has((await statfs(root)).type);
  } catch {
    return undefined;
  }
}

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
export function createLocalListing(root: string, clock: Clock) {
  const listings = new ResumableListings(clock);
  // Asked once, when the root first answers (a root made later is asked again until then).
  let localDisk: boolean | undefined;

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
    // Files and folders are stat'ed STAT_BATCH at a time: a 10,000-entry folder is ten pages
    // of a thousand stats each. On a local disk the stats are made right here (a page of 1,000
    // blocks the loop for a few ms; a stat through the thread pool cost 15 µs of the
    // main thread and a pool thread each, which made a PROPFIND of 1,000 entries wait on the
    // pool). On a network file system, where one stat can take milliseconds, they go to the
    // pool, a batch at once. A folder's stat gives its dates, and leaves out one deleted since
    // the walk read its parent (a resumed page's folders were read when the listing began).
    localDisk ??= await onLocalDisk(root);
    const statOf = (entry: (typeof keys)[number]) =>
      entry.kind === 'object'
        ? (localDisk ? objectInfoSync : objectInfo)(entry.key, objectPath(root, entry.key))
        : (localDisk ? folderAtSync : folderAt)(objectPath(root, entry.key.slice(0, -1)));
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
