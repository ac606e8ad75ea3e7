import type { BigIntStats } from 'node:fs';
import { statfs } from 'node:fs/promises';
import { statsAt, statsAtSync } from './local-files';

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

/**
 * The `lstat` and `stat` of paths under one driver's root, null when nothing is there. On a
 * local disk they are made right here, in the event loop's thread: such a stat answers from
 * the kernel's caches in microseconds, less than a trip to a thread-pool thread and back costs
 * (a wake-up on each side; a small PUT made four such trips, a PROPFIND of 1,000 entries a
 * thousand). On a network file system, where one stat can take milliseconds, they go to the
 * pool. Only stats: a call that writes waits for the file system's journal, which on the
 * bench machine held a file's creation for 0.04 to 1.4 ms, depending on the moment,
 * too long to block the loop, so creations, flushes and renames always go to the pool.
 */
export function createLocalStats(root: string) {
  // Asked once the root answers (a root made later is asked again until then).
  let localDisk: boolean | undefined;
  async function stats(path: string, follow: boolean): Promise<BigIntStats | null> {
    localDisk ??= await onLocalDisk(root);
    return localDisk ? statsAtSync(path, follow) : statsAt(path, follow);
  }
  return {
    lstat: (path: string) => stats(path, false),
    stat: (path: string) => stats(path, true),
  };
}

export type LocalStats = ReturnType<typeof createLocalStats>;
