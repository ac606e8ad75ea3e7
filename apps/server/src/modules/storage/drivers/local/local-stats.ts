import type { BigIntStats } from 'node:fs';
import { statfs } from 'node:fs/promises';
import { sharedFilesystemName } from '../../shared-folder-check';
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

/** A stat in the loop slower than this is a disk seek (or the loop's thread preempted)… */
const SLOW_STAT_MS = 1;
/** …and this many of them within a second send stats to the pool (one alone is a preemption)… */
const SLOW_STATS_TO_POOL = 8;
/** …for this long, after which the loop tries again. */
const POOL_AFTER_SLOW_MS = 10_000;

/**
 * The `lstat` and `stat` of paths under one driver's root, null when nothing is there. On a
 * local disk they are made right here, in the event loop's thread: such a stat answers from
 * the kernel's caches in microseconds, less than a trip to a thread-pool thread and back costs
 * (a wake-up on each side; a small PUT made four such trips, a PROPFIND of 1,000 entries a
 * thousand). They go to the pool instead, where one stat can take milliseconds:
 * - on a network, cluster or FUSE file system (the root's `statfs`), and for good once a stat
 *   finds another device below the root (such a file system mounted inside the folder);
 * - for 10 s after 8 stats in the loop took over 1 ms each within a second (a spinning disk
 *   whose cache is cold: the pool's threads then seek in parallel while the loop goes on; a
 *   single slow one is the thread preempted on a busy machine, which sent a whole PROPFIND
 *   bench run to the pool when one was enough).
 * Only stats: a call that writes waits for the file system's journal, which on the bench
 * machine held a file's creation for 0.04 to 1.4 ms depending on the moment, too long to
 * block the loop, so creations, flushes and renames always go to the pool.
 */
export function createLocalStats(root: string, now: () => number = () => performance.now()) {
  // Asked once the root answers (a root made later is asked again until then).
  let disk: { local: boolean; dev: bigint } | undefined;
  let poolUntil = 0;
  let slow = { since: 0, count: 0 };
  async function diskOfRoot() {
    const local = await onLocalDisk(root);
    if (local === undefined) return undefined;
    const rootStats = await statsAt(root, true);
    return rootStats ? { local, dev: rootStats.dev } : undefined;
  }
  async function stats(path: string, follow: boolean): Promise<BigIntStats | null> {
    disk ??= await diskOfRoot();
    if (!disk?.local || now() < poolUntil) return statsAt(path, follow);
    const started = now();
    const found = statsAtSync(path, follow);
    if (found && found.dev !== disk.dev) disk.local = false;
    const ended = now();
    if (ended - started > SLOW_STAT_MS) {
      if (ended - slow.since > 1000) slow = { since: ended, count: 0 };
      if (++slow.count >= SLOW_STATS_TO_POOL) poolUntil = ended + POOL_AFTER_SLOW_MS;
    }
    return found;
  }
  return {
    lstat: (path: string) => stats(path, false),
    stat: (path: string) => stats(path, true),
  };
}

export type LocalStats = ReturnType<typeof createLocalStats>;
