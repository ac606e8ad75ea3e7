import type { FsFileLink, FsListing, Principal, FsEntry as WireEntry } from '@sharebin/shared';
import type { NamedCache } from '../cache/named-cache';
import type { MountResolver } from '../mounts/mount-resolver';
import { overlayNestedMounts } from '../mounts/mount-tree';
import type { Clock } from '../shared/clock';
import { toIso } from '../shared/clock';
import type { FsEntry, GetResult } from '../storage/drivers/storage-driver';
import { ObjectNotFoundError } from '../storage/drivers/storage-driver.errors';
import { parseRange } from '../storage/object-response';
import { fsNotAFile, fsNotFound } from './fs.errors';
import { childPath, storageEntry, virtualEntry } from './fs-entries.models';
import type { FsLocator, MountLocation } from './fs-locator.usecases';

/** Storage listings are read a page at a time; a folder larger than this is cut short. */
export const LISTING_MAX_ENTRIES = 100_000;
export const FILE_LINK_DEFAULT_SECONDS = 3600;
/** S3 refuses presigned URLs that live longer than 7 days. */
export const FILE_LINK_MAX_SECONDS = 7 * 24 * 3600;

/** Storage listings of mount folders by virtual path (the `directories` cache). */
export type DirectoryCache = Pick<NamedCache<WireEntry[]>, 'getOrLoad' | 'invalidatePath'>;

export interface FsReadDeps {
  locator: FsLocator;
  mounts: Pick<MountResolver, 'childrenAt'>;
  clock: Clock;
  /** Without it every listing reads the storage. */
  directories?: DirectoryCache;
  /** Told of every complete listing read from storage (not of cache hits). */
  onListed?: (location: MountLocation, entries: FsEntry[]) => void;
}

export function createFsReadUseCases({
  locator,
  mounts,
  clock,
  directories,
  onListed,
}: FsReadDeps) {
  async function readStorageFolder(location: MountLocation): Promise<WireEntry[]> {
    const listed: FsEntry[] = [];
    let cursor: string | undefined;
    do {
      const page = await location.storage
        .listDirectory(location.key, { cursor })
        .catch((error: unknown) => {
          if (error instanceof ObjectNotFoundError) throw fsNotFound(location.path);
          throw error;
        });
      listed.push(...page.entries);
      cursor = page.nextCursor ?? undefined;
    } while (cursor && listed.length < LISTING_MAX_ENTRIES);
    // A listing cut short would tell the index that the rest is gone.
    if (!cursor) onListed?.(location, listed);
    return listed.map((entry) =>
      storageEntry(entry, childPath(location.path, entry.name), location.mount),
    );
  }

  /**
   * The storage's entries of a folder: from the cache for the mount's TTL (one storage call
   * however many lists wait for it), unless the mount caches nothing or the caller refreshes.
   * A refresh invalidates the folder on every instance, so they all read it again.
   */
  async function storageFolder(location: MountLocation, refresh: boolean): Promise<WireEntry[]> {
    const ttlMs = location.mount.cache_ttl * 1000;
    if (!directories || ttlMs <= 0) return readStorageFolder(location);
    if (refresh) await directories.invalidatePath(location.path);
    return directories.getOrLoad(location.path, ttlMs, () => readStorageFolder(location));
  }

  /**
   * Listings built from a cached folder, by what else they depend on (read-only, nested
   * mounts): a cache hit answers the same object, which the route serialises only once.
   */
  const builtListings = new WeakMap<WireEntry[], Map<string, FsListing>>();

  async function listMountFolder(location: MountLocation, refresh: boolean): Promise<FsListing> {
    const entries = await storageFolder(location, refresh);
    // Nested mounts are laid over on every call: mount changes need no listing invalidated.
    const nested = await mounts.childrenAt(location.path);
    const variant = [
      location.mount.id,
      location.readOnly,
      ...nested.map((child) => `${child.path}:${child.mount?.id}:${child.mount?.updated_at}`),
    ].join('|');
    let built = builtListings.get(entries);
    if (!built) {
      built = new Map();
      builtListings.set(entries, built);
    }
    let listing = built.get(variant);
    if (!listing) {
      listing = {
        path: location.path,
        is_root: false,
        is_virtual: false,
        mount_id: location.mount.id,
        read_only: location.readOnly,
        items: overlayNestedMounts(entries, nested, virtualEntry),
      };
      built.set(variant, listing);
    }
    return listing;
  }

  /** The file at `path` with what a download needs; folders and virtual paths are refused. */
  async function fileAt(principal: Principal, path: string) {
    const location = await locator.read(principal, path);
    if (location.kind === 'virtual' || location.key === '') throw fsNotAFile(path);
    const entry = await location.storage.stat(location.key);
    if (!entry) throw fsNotFound(path);
    if (entry.isDirectory) throw fsNotAFile(path);
    return { location, entry };
  }

  return {
    /** `refresh`: read the storage again, for a caller who may write there (others: ignored). */
    async list(principal: Principal, path: string, { refresh = false } = {}): Promise<FsListing> {
      const location = await locator.read(principal, path);
      if (location.kind === 'virtual') {
        return {
          path,
          is_root: path === '/',
          is_virtual: true,
          mount_id: null,
          read_only: true,
          items: location.children.map(virtualEntry),
        };
      }
      return listMountFolder(location, refresh && !location.readOnly);
    },

    async get(principal: Principal, path: string): Promise<WireEntry> {
      const location = await locator.read(principal, path);
      if (location.kind === 'virtual' || location.key === '') {
        const mount = location.kind === 'mount' ? location.mount : null;
        return virtualEntry({ name: path.slice(path.lastIndexOf('/') + 1), path, mount });
      }
      const entry = await location.storage.stat(location.key);
      if (!entry) throw fsNotFound(path);
      return storageEntry(entry, path, location.mount);
    },

    /** The bytes of a file, or of the asked range (`Range` header as sent). */
    async download(
      principal: Principal,
      path: string,
      rangeHeader: string | undefined,
    ): Promise<{
      object: GetResult;
      name: string;
      contentType: string;
      /** The file's last change (ISO), as `get` would answer it. */
      modified: string | null;
    }> {
      const { location, entry } = await fileAt(principal, path);
      const range = parseRange(rangeHeader, entry.size);
      const object = await location.storage.get(location.key, { range });
      const { mimetype, modified } = storageEntry(entry, path, location.mount);
      return {
        object,
        name: entry.name,
        contentType: mimetype ?? 'application/octet-stream',
        modified,
      };
    },

    /** A link that downloads the file without credentials until it expires. */
    async fileLink(
      principal: Principal,
      path: string,
      {
        forceDownload,
        expiresIn,
        origin,
      }: { forceDownload: boolean; expiresIn: number; origin: string },
    ): Promise<FsFileLink> {
      const { location, entry } = await fileAt(principal, path);
      const url = await location.storage.presignGet(location.key, {
        expiresInSeconds: expiresIn,
        downloadName: entry.name,
        inline: !forceDownload,
      });
      return {
        url: url.startsWith('/') ? `${origin}${url}` : url,
        expires_at: toIso(clock.now() + expiresIn * 1000),
        presigned: location.storage.capabilities.directUrls,
      };
    },
  };
}

export type FsReadUseCases = ReturnType<typeof createFsReadUseCases>;
