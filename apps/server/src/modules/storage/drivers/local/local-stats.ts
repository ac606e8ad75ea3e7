import type { BigIntStats } from 'node:fs';
import { statfs } from 'node:fs/promises';
import { sharedFilesystemName } from '../../configs/shared-folder-check';
import { statsAt, statsAtSync } from './local-files';

/**
 * Whether the folder at `root` is on a local disk: not on a network, cluster or FUSE file
 * system (`sharedFilesystemName`); undefined while it cannot tell (no folder there yet).
 */
export async function onLocalDisk(root: string): Promise<boolean | undefined> {
  try {
    return sharedFilesystemName((await statfs(root)).type) === undefined;
  } catch {
    return undefined;
  }
}

/**
 * The `lstat` and `stat` of paths under one driver's root, null when nothing is there. On a
 * local disk they are made right here, in the event loop's thread: such a stat answers from
 * the kernel's caches in microseconds, less than a trip to a thread-pool thread and back costs
 * (a wake-up on each side; a small PUT made four such trips, a PROPFIND of 1,000 entries a
 * thousand). They go to the pool, where one stat can take milliseconds, on a network, cluster
 * or FUSE file system (the root's `statfs`), and for good once a stat finds another device
 * below the root (such a file system mounted inside the folder).
 *
 * A spinning disk whose cache is cold makes each stat in the loop wait for its seek (the
 * inodes of one folder are mostly read in a few blocks). Timing the stats to send such a disk
 * to the pool did not work: on a busy machine the loop's thread is preempted in the middle of
 * a stat often enough that 8 slow stats a second came from a warm cache too, and halved the
 * PROPFINDs of the bench.
 *
 * Stats, and the open, read and close of a small file (`inLoop`): a call that writes waits for
 * the file system's journal, which on the bench machine held a file's creation for 0.04 to
 * 1.4 ms depending on the moment, too long to block the loop, so creations, flushes and renames
 * always go to the pool. A read does not wait for the journal; like a stat, it waits for the
 * disk only when the kernel's cache does not hold the file.
 */
export function createLocalStats(root: string) {
  // Asked once the root answers (a root made later is asked again until then).
  let disk: { local: boolean; dev: bigint } | undefined;
  async function diskOfRoot() {
    const local = await onLocalDisk(root);
    if (local === undefined) return undefined;
    const rootStats = await statsAt(root, true);
    return rootStats ? { local, dev: rootStats.dev } : undefined;
  }
  async function stats(path: string, follow: boolean): Promise<BigIntStats | null> {
    disk ??= await diskOfRoot();
    if (!disk?.local) return statsAt(path, follow);
    const found = statsAtSync(path, follow);
    if (found && found.dev !== disk.dev) disk.local = false;
    return found;
  }
  return {
    lstat: (path: string) => stats(path, false),
    stat: (path: string) => stats(path, true),
    /** Whether calls that only read may be made in the loop's thread (a local disk). */
    async inLoop(): Promise<boolean> {
      disk ??= await diskOfRoot();
      return !!disk?.local;
    },
  };
}

export type LocalStats = ReturnType<typeof createLocalStats>;
