/**
 * Mount resolution (ARCHITECTURE §8): where a normalised virtual path lands among the active
 * mounts. Pure: built once from a list of mounts, then answered from maps in O(path depth).
 * Matching is exact in letter case (mount paths are unique regardless of case, see
 * mounts.models.ts, so no two mounts differ only there).
 */

/** What resolution needs of a mount; the server passes the API's `Mount`. */
export interface MountPoint {
  mount_path: string;
  sort_order: number;
}

/** A folder one level below a virtual path: a mount point itself, or a folder above one. */
export interface VirtualChild<M extends MountPoint = MountPoint> {
  name: string;
  /** Its full virtual path. */
  path: string;
  /** The mount placed exactly here; null for a folder that only leads to mounts further down. */
  mount: M | null;
}

export type MountResolution<M extends MountPoint = MountPoint> =
  /** Inside a mount: `innerPath` is the rest of the path below the mount, `/` at its root. */
  | { kind: 'mount'; mount: M; innerPath: string }
  /** A folder above or between mount points: it holds only `children`. */
  | { kind: 'virtual'; children: VirtualChild<M>[] }
  | { kind: 'not_found' };

export interface MountTree<M extends MountPoint = MountPoint> {
  resolve(path: string): MountResolution<M>;
  /**
   * Folders that mounts place one level below `path`, wherever it lies: above the mounts, or
   * inside a mount that has mounts nested in it (`/a` with `/a/b` mounted). Inside a mount
   * these shadow the storage's own entries of the same name (see `overlayNestedMounts`).
   */
  childrenAt(path: string): VirtualChild<M>[];
}

const parentOf = (path: string) => {
  const cut = path.lastIndexOf('/');
  return cut <= 0 ? '/' : path.slice(0, cut);
};

const childPath = (parent: string, name: string) =>
  parent === '/' ? `/${name}` : `${parent}/${name}`;

/** `mounts` must have distinct, valid mount paths (`/a/b`, never `/` itself). */
export function buildMountTree<M extends MountPoint>(mounts: readonly M[]): MountTree<M> {
  const byPath = new Map<string, M>();
  const levels = new Map<string, Map<string, VirtualChild<M> & { rank: number }>>();
  for (const mount of mounts) {
    byPath.set(mount.mount_path, mount);
    let parent = '/';
    for (const name of mount.mount_path.split('/').slice(1)) {
      const path = childPath(parent, name);
      const level = levels.get(parent) ?? new Map();
      levels.set(parent, level);
      const child = level.get(name) ?? { name, path, mount: null, rank: mount.sort_order };
      // A folder sorts by the lowest sort order of the mounts it leads to.
      child.rank = Math.min(child.rank, mount.sort_order);
      if (path === mount.mount_path) child.mount = mount;
      level.set(name, child);
      parent = path;
    }
  }
  const children = new Map<string, VirtualChild<M>[]>();
  for (const [parent, level] of levels) {
    const sorted = [...level.values()].sort(
      (a, b) => a.rank - b.rank || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
    );
    children.set(
      parent,
      sorted.map(({ name, path, mount }) => ({ name, path, mount })),
    );
  }

  return {
    resolve(path) {
      // The longest mount path containing `path`: try `path`, then each parent in turn.
      for (let candidate = path; candidate !== '/'; candidate = parentOf(candidate)) {
        const mount = byPath.get(candidate);
        if (mount) {
          return {
            kind: 'mount',
            mount,
            innerPath: path === candidate ? '/' : path.slice(candidate.length),
          };
        }
      }
      const below = children.get(path);
      if (below) return { kind: 'virtual', children: below };
      // The root always exists, empty when nothing is mounted.
      return path === '/' ? { kind: 'virtual', children: [] } : { kind: 'not_found' };
    },
    childrenAt: (path) => children.get(path) ?? [],
  };
}

/**
 * A mount's storage listing at `path` with the nested mounts laid over it: a nested mount (or
 * a folder leading to one) wins over a storage entry of the same name, since resolution sends
 * every path below it to the nested mount anyway; the storage's entry there is unreachable.
 */
export function overlayNestedMounts<E extends { name: string }, M extends MountPoint>(
  entries: readonly E[],
  nested: readonly VirtualChild<M>[],
  asEntry: (child: VirtualChild<M>) => E,
): E[] {
  if (nested.length === 0) return [...entries];
  const shadowed = new Set(nested.map((child) => child.name));
  return [...entries.filter((entry) => !shadowed.has(entry.name)), ...nested.map(asEntry)];
}
