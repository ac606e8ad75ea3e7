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
 * thousand). `inLoop` says the same for a small write's open and rename (tens of µs each on
 * ext4, measured); its flush (`fsync`, which waits for the disk) and every large write's calls
 * go to the pool. On a network file system, where one call can take milliseconds, all do.
 */
export function createLocalStats(root: string) {
  // Asked once the root answers (a root made later is asked again until then).
  let localDisk: boolean | undefined;
  const inLoop = async () => (localDisk ??= await onLocalDisk(root)) === true;
  async function stats(path: string, follow: boolean): Promise<BigIntStats | null> {
    return (await inLoop()) ? statsAtSync(path, follow) : statsAt(path, follow);
  }
  return {
    inLoop,
    lstat: (path: string) => stats(path, false),
    stat: (path: string) => stats(path, true),
  };
}

export type LocalStats = ReturnType<typeof createLocalStats>;
