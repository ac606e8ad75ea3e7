import { isPathWithin, type Mount } from '@sharebin/shared';
import { toIso, toIsoOrNull } from '../shared/clock';
import type { MountsTable } from '../shared/db.schema';

/** `created_by` of mounts the admin makes (mounts made at install may hold `system`). */
export const ADMIN_CREATOR = 'admin';

export function toMount(row: MountsTable): Mount {
  return {
    id: row.id,
    name: row.name,
    storage_type: row.storage_type,
    storage_config_id: row.storage_config_id,
    mount_path: row.mount_path,
    remark: row.remark,
    sort_order: row.sort_order,
    cache_ttl: row.cache_ttl,
    is_active: row.is_active === 1,
    created_by: row.created_by,
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
    last_refreshed_at: toIsoOrNull(row.last_refreshed_at),
    reindex_minutes: row.reindex_minutes,
  };
}

/**
 * Mount paths are unique regardless of letter case: WebDAV clients on Windows and macOS treat
 * `/Docs` and `/docs` as one folder, so two such mounts would shadow each other there. The
 * path keeps the case the admin wrote, and resolution matches it exactly.
 */
export const pathKeyOf = (mountPath: string) => mountPath.toLowerCase();

/**
 * An existing mount path that shares a folder with `mountPath` spelt in another letter case
 * (`/Docs` against a new `/docs/b`), or undefined. Such a pair would show two folders at the
 * root that clients folding case take for one; the admin is asked to spell the folder alike.
 * Equal paths are not reported here (that is a taken path).
 */
export function caseConflictOf(mountPath: string, existingPaths: readonly string[]) {
  const segments = mountPath.split('/');
  return existingPaths.find((existing) => {
    const other = existing.split('/');
    const depth = Math.min(segments.length, other.length);
    for (let i = 1; i < depth; i++) {
      const [mine, theirs] = [segments[i] as string, other[i] as string];
      if (mine.toLowerCase() !== theirs.toLowerCase()) return false;
      if (mine !== theirs) return true;
    }
    return false;
  });
}

/**
 * Whether a key confined to `basePath` may see a mount: the mount lies under its base path,
 * or its base path lies inside the mount (the key browses part of it).
 */
export const mountMeetsBasePath = (mountPath: string, basePath: string) =>
  isPathWithin(basePath, mountPath) || isPathWithin(mountPath, basePath);
