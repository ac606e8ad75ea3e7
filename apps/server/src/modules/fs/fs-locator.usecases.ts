import {
  ERROR_CODES,
  hasPathPermission,
  isPathWithin,
  type Mount,
  overlongName,
  type Principal,
} from '@sharebin/shared';
import { AppError } from '../../app/errors';
import type { MountResolver } from '../mounts/mount-resolver';
import type { VirtualChild } from '../mounts/mount-tree';
import { scoped } from '../storage/drivers/scoped-driver';
import type { StorageDriver } from '../storage/drivers/storage-driver';
import type { StorageDrivers } from '../storage/storage.drivers';
import {
  fsNameTooLong,
  fsNotFound,
  fsPathForbidden,
  fsReadOnly,
  fsUsedByShares,
  fsVirtualPath,
} from './fs.errors';

/** A place in the virtual tree inside a mount: the storage view and the key there. */
export interface MountLocation {
  kind: 'mount';
  path: string;
  mount: Mount;
  /** The key in the mount's storage; `''` is the mount's root. */
  key: string;
  /** The mount's storage, read-only when the caller may not write. */
  storage: StorageDriver;
  readOnly: boolean;
}

/** A folder above or between mount points: it holds only the mounts below it. */
export interface VirtualLocation {
  kind: 'virtual';
  path: string;
  children: VirtualChild<Mount>[];
}

export type FsLocation = MountLocation | VirtualLocation;

export const keyOf = (innerPath: string) => innerPath.slice(1);

/** The one place path permission (SPEC §5) and read-only are checked, for every transport. */
export function createFsLocator({
  mounts,
  drivers,
  sharesAtOrBelow,
}: {
  mounts: MountResolver;
  drivers: StorageDrivers;
  /** A mount may show file shares' folders, which a write must not take from them. */
  sharesAtOrBelow: (storageConfigId: string, key: string) => Promise<number>;
}) {
  const readOnlyFor = (principal: Principal) =>
    principal.type === 'apikey' && principal.mountReadOnly;

  /** Above its base path a key sees only the branch leading down to it. */
  const leadsToBase = (principal: Principal, path: string) =>
    principal.type === 'apikey' && isPathWithin(path, principal.basicPath);

  /** The folder below `path` on the way to `basePath` (which lies below `path`). */
  const wayDown = (path: string, basePath: string): VirtualChild<Mount> => {
    const below = basePath.slice(path === '/' ? 1 : path.length + 1);
    const name = below.split('/')[0] as string;
    return { name, path: path === '/' ? `/${name}` : `${path}/${name}`, mount: null };
  };

  async function locate(principal: Principal, path: string): Promise<FsLocation> {
    // No storage takes such a name (ENAMETOOLONG): refused before any is asked.
    const overlong = overlongName(path);
    if (overlong !== undefined) throw fsNameTooLong(path, overlong);
    const resolution = await mounts.resolve(path);
    if (resolution.kind === 'not_found') {
      // Permission first: a key learns nothing of what lies outside its base path.
      throw hasPathPermission(principal, path) ? fsNotFound(path) : fsPathForbidden(path);
    }
    if (resolution.kind === 'virtual') {
      const allowed = hasPathPermission(principal, path) || leadsToBase(principal, path);
      if (!allowed) throw fsPathForbidden(path);
      const children = resolution.children.filter(
        (child) => hasPathPermission(principal, child.path) || leadsToBase(principal, child.path),
      );
      return { kind: 'virtual', path, children };
    }
    // Listing a mount folder above the base path would show the base path's siblings.
    if (!hasPathPermission(principal, path)) {
      if (!leadsToBase(principal, path) || principal.type !== 'apikey') throw fsPathForbidden(path);
      return { kind: 'virtual', path, children: [wayDown(path, principal.basicPath)] };
    }
    const readOnly = readOnlyFor(principal);
    const { driver } = await drivers.resolve(resolution.mount.storage_config_id);
    return {
      kind: 'mount',
      path,
      mount: resolution.mount,
      key: keyOf(resolution.innerPath),
      storage: readOnly ? scoped(driver, { prefix: '', readOnly: true }) : driver,
      readOnly,
    };
  }

  /** Outside every mount, a path can only be virtual: writes there go nowhere. */
  async function locateForWrite(principal: Principal, path: string): Promise<FsLocation> {
    try {
      return await locate(principal, path);
    } catch (error) {
      if (error instanceof AppError && error.code === ERROR_CODES.fsNotFound) {
        throw fsVirtualPath(path);
      }
      throw error;
    }
  }

  return {
    /** For reading: listing, stat, download, links, search. */
    read: locate,

    /** Below a mount's root: a mount point itself cannot be renamed, deleted or replaced. */
    async write(principal: Principal, path: string): Promise<MountLocation> {
      const location = await locateForWrite(principal, path);
      if (location.kind === 'virtual' || location.key === '') throw fsVirtualPath(path);
      if (location.readOnly) throw fsReadOnly(path);
      const shares = await sharesAtOrBelow(location.mount.storage_config_id, location.key);
      if (shares > 0) throw fsUsedByShares(path, shares);
      return location;
    },

    /** For creating inside the folder `path` (upload target, mkdir parent): may be a mount root. */
    async writeInto(principal: Principal, path: string): Promise<MountLocation> {
      const location = await locateForWrite(principal, path);
      if (location.kind === 'virtual') throw fsVirtualPath(path);
      if (location.readOnly) throw fsReadOnly(path);
      return location;
    },
  };
}

export type FsLocator = ReturnType<typeof createFsLocator>;
