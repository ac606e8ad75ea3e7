import type { Mount, FsEntry as WireEntry } from '@sharebin/shared';
import type { VirtualChild } from '../mounts/mount-tree';
import { toIsoOrNull } from '../shared/clock';
import { typeByName } from '../shared/media-types';
import type { FsEntry } from '../storage/drivers/storage-driver';

export const childPath = (parent: string, name: string) =>
  parent === '/' ? `/${name}` : `${parent}/${name}`;

export const parentPath = (path: string) => {
  const cut = path.lastIndexOf('/');
  return cut <= 0 ? '/' : path.slice(0, cut);
};

export const nameOfPath = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/**
 * The bare media type (`text/plain`): by the name when it names one, else the storage's
 * Content-Type. Name first, because a listing rarely has the stored type: a `.md` stored as
 * octet-stream is text/markdown in a listing, in `get` and in its download alike.
 */
const typeOf = (entry: FsEntry) =>
  typeByName(entry.name) ??
  (entry.contentType?.split(';')[0]?.trim() || undefined) ??
  'application/octet-stream';

/** A storage entry as the API shows it, at the virtual path `path`. */
export function storageEntry(entry: FsEntry, path: string, mount: Mount): WireEntry {
  return {
    name: entry.name,
    path,
    is_directory: entry.isDirectory,
    size: entry.isDirectory ? null : entry.size,
    modified: entry.lastModified ? toIsoOrNull(entry.lastModified.getTime()) : null,
    mimetype: entry.isDirectory ? null : typeOf(entry),
    etag: entry.etag,
    is_mount: false,
    is_virtual: false,
    mount_id: mount.id,
  };
}

/** A mount point, or a folder that only leads to mount points. */
export function virtualEntry(child: VirtualChild<Mount>): WireEntry {
  return {
    name: child.name,
    path: child.path,
    is_directory: true,
    size: null,
    modified: child.mount ? child.mount.updated_at : null,
    mimetype: null,
    etag: null,
    is_mount: child.mount !== null,
    is_virtual: child.mount === null,
    mount_id: child.mount?.id ?? null,
  };
}
