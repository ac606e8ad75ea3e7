import type { Mount } from '@sharebin/shared';
import type { Clock } from '../shared/clock';
import { buildMountTree, type MountTree } from './mount-tree';

/**
 * How long a tree built here is trusted without being told of a change. Changes made through
 * this process invalidate it at once; the cross-instance bus (modules/cache) is to call
 * `invalidate()` for changes made elsewhere. Until then, and should a message be lost, another
 * instance's change shows after at most this long.
 */
export const MOUNT_TREE_MAX_AGE_MS = 5_000;

export interface MountResolverDeps {
  /** The active mounts; read again whenever the tree is rebuilt. */
  loadActiveMounts: () => Promise<Mount[]>;
  clock: Clock;
  maxAgeMs?: number;
}

/**
 * The per-process mount tree the file system resolves paths with: built on first use, kept
 * until `invalidate()` or its age runs out, rebuilt once however many requests wait for it.
 */
export function createMountResolver({
  loadActiveMounts,
  clock,
  maxAgeMs = MOUNT_TREE_MAX_AGE_MS,
}: MountResolverDeps) {
  let tree: { value: MountTree<Mount>; builtAt: number } | null = null;
  let building: Promise<MountTree<Mount>> | null = null;

  function rebuild(): Promise<MountTree<Mount>> {
    const startedAt = clock.now();
    const attempt: Promise<MountTree<Mount>> = loadActiveMounts()
      .then((mounts) => {
        const value = buildMountTree(mounts);
        // An invalidation during the load drops `building`: this result predates it, so it
        // serves the requests that waited for it but is not kept.
        if (building === attempt) tree = { value, builtAt: startedAt };
        return value;
      })
      .finally(() => {
        if (building === attempt) building = null;
      });
    building = attempt;
    return attempt;
  }

  async function current(): Promise<MountTree<Mount>> {
    if (tree && clock.now() - tree.builtAt < maxAgeMs) return tree.value;
    return building ?? rebuild();
  }

  return {
    /** See `MountTree.resolve`; `path` comes from `normalizePath`. */
    resolve: async (path: string) => (await current()).resolve(path),
    /** See `MountTree.childrenAt`; `path` comes from `normalizePath`. */
    childrenAt: async (path: string) => (await current()).childrenAt(path),
    /** Mounts changed: the next call reads them again. */
    invalidate(): void {
      tree = null;
      building = null;
    },
  };
}

export type MountResolver = ReturnType<typeof createMountResolver>;
