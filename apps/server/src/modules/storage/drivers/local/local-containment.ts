import type { BigIntStats } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import { InvalidKeyError } from '../storage-driver.errors';
import { isMissing, objectPath } from './local-files';
import type { LocalStats } from './local-stats';

/** A key's path inside the root, with the `stat` of what is there (null: nothing yet). */
export interface Located {
  path: string;
  stats: BigIntStats | null;
}

/**
 * Keeps keys inside the root of one local driver once symbolic links are followed: a link in
 * the tree that points elsewhere (`/etc`, a sibling folder) serves nothing and takes no write.
 * Links that stay inside the root are followed.
 *
 * The root's real path is resolved once per driver. A key is checked by an `lstat` of each of
 * its own segments (`LocalStats`: in the loop on a local disk), never by a `realpath` of the
 * whole path, which reads every folder from `/` down on every call (six to ten `readlink` per
 * check); the slow walk is only taken when one of those segments is a link. The last segment's
 * `lstat` is the stat the caller needed anyway. A link swapped in between this check and the use
 * is not caught: the tree's owner is trusted not to race the server, the check keeps links they
 * made from leading out.
 */
export function createContainment(root: string, stats: LocalStats) {
  let realRoot: Promise<string> | undefined;
  /** A root that does not exist yet is not cached: it is made later, maybe as a link. */
  const realRootPath = () =>
    (realRoot ??= realpath(root).catch((error: unknown) => {
      realRoot = undefined;
      if (isMissing(error)) return root;
      throw error;
    }));

  /** The slow check, for a path that goes through a link: its deepest existing part resolved. */
  async function resolvesInside(path: string): Promise<boolean> {
    const inside = await realRootPath();
    for (let probe = path; ; probe = dirname(probe)) {
      try {
        const real = await realpath(probe);
        return real === inside || real.startsWith(inside + sep);
      } catch (error) {
        if (!isMissing(error)) throw error;
        if (probe === root || dirname(probe) === probe) return true;
      }
    }
  }

  /**
   * Whether the folders between the root and the last segment of `key` keep it inside. A
   * missing folder or a file on the way ends the walk: nothing below it resolves anywhere.
   */
  async function foldersInside(key: string, path: string): Promise<boolean> {
    const segments = key.split('/');
    if (segments.length === 1) return true;
    const folders = segments.slice(0, -1).map((_, i) => join(root, ...segments.slice(0, i + 1)));
    const found = await Promise.all(folders.map((folder) => stats.lstat(folder)));
    for (const folder of found) {
      if (folder?.isSymbolicLink()) return resolvesInside(path);
      if (!folder?.isDirectory()) return true;
    }
    return true;
  }

  /** The path of `key` and what is there, or null when the path leads out of the root. */
  async function locate(key: string): Promise<Located | null> {
    const path = objectPath(root, key);
    const [inside, found] = await Promise.all([foldersInside(key, path), stats.lstat(path)]);
    if (!inside) return null;
    if (!found?.isSymbolicLink()) return { path, stats: found };
    if (!(await resolvesInside(path))) return null;
    return { path, stats: await stats.stat(path) };
  }

  return {
    locate,
    foldersInside,
    resolvesInside,

    /** The path of `key` when it stays inside the root, else null. */
    async contained(key: string): Promise<string | null> {
      return (await locate(key))?.path ?? null;
    },

    /** For writes: a key that leads out of the root through a link is refused, nothing written. */
    async writable(key: string): Promise<string> {
      const located = await locate(key);
      if (located === null) throw new InvalidKeyError(key, 'outside_root');
      return located.path;
    },
  };
}

export type Containment = ReturnType<typeof createContainment>;
