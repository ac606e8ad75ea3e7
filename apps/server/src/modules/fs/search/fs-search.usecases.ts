import {
  type FsSearchItem,
  type FsSearchResponse,
  hasPathPermission,
  isPathWithin,
  type Mount,
  normalizePath,
  type Principal,
  type ReindexStarted,
  type ReindexStatus,
  type SearchScope,
} from '@sharebin/shared';
import { validationFailed } from '../../../app/errors';
import { mountNotFound } from '../../mounts/mounts.errors';
import type { SearchHit, VisibleScope } from '../../search/search.models';
import type { SearchUseCases } from '../../search/search.usecases';
import { toIsoOrNull } from '../../shared/clock';
import { mimetypeFor } from '../../shared/media-types';
import { fsPathForbidden } from '../fs.errors';

export interface FsSearchRequest {
  q: string;
  scope: SearchScope;
  limit: number;
  offset: number;
  mount_id?: string | undefined;
  path?: string | undefined;
}

/** `/docs/a` of the mount at `/docs` is `/a` within it. */
const withinMount = (mountPath: string, path: string) => path.slice(mountPath.length) || '/';

function directoryOf(principal: Principal, rawPath: string): string {
  let path: string;
  try {
    path = normalizePath(rawPath);
  } catch {
    throw validationFailed([{ location: 'query', path: 'path', message: 'Invalid path' }]);
  }
  if (!hasPathPermission(principal, path)) throw fsPathForbidden(path);
  return path;
}

/**
 * Folders of `mount` that mounts nested in it take over (`/b` of the mount at `/a` when `/a/b`
 * is mounted): paths resolve to the deepest mount, so the storage's entries there are
 * unreachable, and listings show the nested mount instead.
 */
const shadowedFolders = (mount: Mount, activeMounts: Mount[]) =>
  activeMounts
    .filter(
      (other) =>
        other.mount_path !== mount.mount_path && isPathWithin(mount.mount_path, other.mount_path),
    )
    .map((other) => withinMount(mount.mount_path, other.mount_path));

/**
 * The parts of `mounts` visible below the virtual folder `root`: a mount at or below it
 * whole, a mount holding it from `root` down, each without the folders that mounts nested in
 * it (among `activeMounts`) shadow. A key's base path is such a root, so what it may not see
 * is never queried, and totals count only the rest.
 */
export function visibleScopes(
  mounts: Mount[],
  root: string,
  activeMounts: Mount[] = mounts,
): VisibleScope[] {
  return mounts.flatMap((mount) => {
    const shadowed = shadowedFolders(mount, activeMounts);
    if (isPathWithin(root, mount.mount_path)) {
      return [{ mountId: mount.id, pathPrefix: '/', shadowed }];
    }
    if (isPathWithin(mount.mount_path, root)) {
      return [{ mountId: mount.id, pathPrefix: withinMount(mount.mount_path, root), shadowed }];
    }
    return [];
  });
}

function toItem(hit: SearchHit, mountPath: string): FsSearchItem {
  return {
    name: hit.name,
    path: `${mountPath}${hit.path}`,
    is_directory: hit.isDirectory,
    size: hit.isDirectory ? null : hit.size,
    modified: toIsoOrNull(hit.modifiedAt),
    mimetype: hit.isDirectory ? null : mimetypeFor(hit.name, undefined),
    etag: null,
    is_mount: false,
    is_virtual: false,
    mount_id: hit.mountId,
    mount_path: mountPath,
  };
}

export interface FsSearchDeps {
  search: Pick<SearchUseCases, 'search' | 'rebuildStatus'>;
  activeMounts: () => Promise<Mount[]>;
  /** Any mount by id, active or not; throws the mounts' not-found error. */
  mountById: (id: string) => Promise<Mount>;
  /** Queues a rebuild of the mount's index as a job (ReindexJobs.start); answers its id. */
  startReindex: (owner: Principal, mount: Mount) => Promise<string>;
  /** Answers once the files this instance wrote are in the index (they go in batches). */
  indexed: () => Promise<void>;
}

/** SPEC §7 `fs/search` over the index, and the per-mount rebuild job (admin). */
export function createFsSearch({
  search,
  activeMounts,
  mountById,
  startReindex,
  indexed,
}: FsSearchDeps) {
  /** From the database: whichever instance answers, it answers the same. */
  async function status(mountId: string): Promise<ReindexStatus> {
    const state = await search.rebuildStatus(mountId);
    return {
      mount_id: mountId,
      running: state.rebuilding,
      entries: state.entries,
      rebuilt_at: toIsoOrNull(state.rebuiltAt),
      last_error: state.error,
    };
  }

  return {
    async search(principal: Principal, request: FsSearchRequest): Promise<FsSearchResponse> {
      const base = principal.type === 'apikey' ? principal.basicPath : '/';
      const root =
        request.scope === 'directory' ? directoryOf(principal, request.path ?? '') : base;
      const active = await activeMounts();
      const mounts =
        request.scope === 'mount' ? active.filter((m) => m.id === request.mount_id) : active;
      const scopes = visibleScopes(mounts, root, active);
      if (request.scope === 'mount' && scopes.length === 0) throw mountNotFound();
      // A file this instance has answered for is found, even while its batch is on its way.
      await indexed();
      const found = await search.search({
        q: request.q,
        scopes,
        limit: request.limit,
        offset: request.offset,
      });
      const pathOf = new Map(mounts.map((mount) => [mount.id, mount.mount_path]));
      return {
        items: found.hits.map((hit) => toItem(hit, pathOf.get(hit.mountId) ?? '')),
        total: found.total,
        total_capped: found.totalCapped,
        limit: found.limit,
        offset: found.offset,
      };
    },

    /**
     * Queues a rebuild of the mount's index from a walk of its storage, a job the task manager
     * follows; the old index keeps answering until the new one is complete. While a rebuild of
     * the mount runs, on this instance or another, a second one skips.
     */
    async reindex(principal: Principal, mountId: string): Promise<ReindexStarted> {
      const mount = await mountById(mountId);
      const job_id = await startReindex(principal, mount);
      return { ...(await status(mountId)), job_id };
    },

    async reindexStatus(mountId: string): Promise<ReindexStatus> {
      await mountById(mountId);
      return status(mountId);
    },
  };
}

export type FsSearch = ReturnType<typeof createFsSearch>;
