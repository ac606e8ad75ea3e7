import {
  type createMountRequestSchema,
  hasPermission,
  type Mount,
  type Principal,
  type StorageType,
  type updateMountRequestSchema,
} from '@sharebin/shared';
import type { z } from 'zod';
import { flag } from '../api-keys/api-keys.models';
import type { Clock } from '../shared/clock';
import { newId } from '../shared/crypto';
import { isUniqueViolation } from '../shared/db';
import type { MountsTable } from '../shared/db.schema';
import {
  mountNotFound,
  mountPathCaseConflict,
  mountPathTaken,
  mountStorageTypeMismatch,
} from './mounts.errors';
import {
  ADMIN_CREATOR,
  caseConflictOf,
  mountMeetsBasePath,
  pathKeyOf,
  toMount,
} from './mounts.models';
import type { MountsRepository } from './mounts.repository';

type CreateInput = z.output<typeof createMountRequestSchema>;
type UpdateInput = z.output<typeof updateMountRequestSchema>;

export interface MountsDeps {
  repository: MountsRepository;
  /** The type of a storage config; throws the storage domain's not-found error for an unknown id. */
  storageTypeOf: (storageConfigId: string) => Promise<StorageType>;
  clock: Clock;
  /**
   * Called after every change to the mounts, and awaited before the change answers: the
   * composition root invalidates the mount resolver of every instance and the listings
   * below `paths` (the mount's paths before and after).
   */
  onChange: (change: MountChange) => Promise<void>;
}

export interface MountChange {
  mountId: string;
  /** Virtual paths whose listings the change touches: the old and the new mount path. */
  paths: string[];
  removed: boolean;
}

/** The active mounts, read from `repository` (the mount resolver loads its tree with this). */
export const activeMounts = (repository: MountsRepository) => async (): Promise<Mount[]> =>
  (await repository.listActive()).map(toMount);

export function createMountsUseCases({ repository, storageTypeOf, clock, onChange }: MountsDeps) {
  async function requireRow(id: string) {
    const row = await repository.findById(id);
    if (!row) throw mountNotFound();
    return row;
  }

  async function checkStorage(storageType: StorageType, storageConfigId: string) {
    const configType = await storageTypeOf(storageConfigId);
    if (configType !== storageType) throw mountStorageTypeMismatch(storageType, configType);
  }

  /** Two mounts may not claim one path (in any letter case); nesting one in another is fine. */
  async function checkPathFree(mountPath: string, ownId?: string) {
    const others = (await repository.listPaths()).filter((row) => row.id !== ownId);
    if (others.some((row) => row.path_key === pathKeyOf(mountPath)))
      throw mountPathTaken(mountPath);
    const conflict = caseConflictOf(
      mountPath,
      others.map((row) => row.mount_path),
    );
    if (conflict) throw mountPathCaseConflict(mountPath, conflict);
  }

  /** The database's unique index catches two admins saving one path at the same moment. */
  async function write(mountPath: string, save: () => Promise<void>) {
    try {
      await save();
    } catch (error) {
      if (isUniqueViolation(error)) throw mountPathTaken(mountPath);
      throw error;
    }
  }

  /** A key sees the active mounts that meet its base path; the admin sees every mount. */
  function visibleTo(principal: Principal, mount: Mount): boolean {
    if (hasPermission(principal, 'admin')) return true;
    if (principal.type !== 'apikey' || !mount.is_active) return false;
    return mountMeetsBasePath(mount.mount_path, principal.basicPath);
  }

  return {
    list: async (): Promise<Mount[]> => (await repository.list()).map(toMount),

    get: async (id: string): Promise<Mount> => toMount(await requireRow(id)),

    /** GET /user/mounts: what this principal may browse. */
    async listFor(principal: Principal): Promise<Mount[]> {
      const rows = hasPermission(principal, 'admin')
        ? await repository.list()
        : await repository.listActive();
      return rows.map(toMount).filter((mount) => visibleTo(principal, mount));
    },

    /** A mount the principal may not see answers as if it did not exist. */
    async getFor(principal: Principal, id: string): Promise<Mount> {
      const mount = toMount(await requireRow(id));
      if (!visibleTo(principal, mount)) throw mountNotFound();
      return mount;
    },

    /** The active mounts. */
    listActive: activeMounts(repository),

    async create(input: CreateInput): Promise<Mount> {
      await checkStorage(input.storage_type, input.storage_config_id);
      await checkPathFree(input.mount_path);
      const now = clock.now();
      const row: MountsTable = {
        id: newId(),
        name: input.name,
        storage_type: input.storage_type,
        storage_config_id: input.storage_config_id,
        mount_path: input.mount_path,
        path_key: pathKeyOf(input.mount_path),
        remark: input.remark,
        sort_order: input.sort_order,
        cache_ttl: input.cache_ttl,
        is_active: flag(input.is_active),
        created_by: ADMIN_CREATOR,
        created_at: now,
        updated_at: now,
        last_refreshed_at: null,
        reindex_minutes: input.reindex_minutes,
      };
      await write(row.mount_path, () => repository.insert(row));
      await onChange({ mountId: row.id, paths: [row.mount_path], removed: false });
      return toMount(row);
    },

    async update(id: string, input: UpdateInput): Promise<Mount> {
      const row = await requireRow(id);
      const { is_active, ...fields } = input;
      if (fields.storage_type !== undefined || fields.storage_config_id !== undefined) {
        await checkStorage(
          fields.storage_type ?? row.storage_type,
          fields.storage_config_id ?? row.storage_config_id,
        );
      }
      const mountPath = fields.mount_path ?? row.mount_path;
      if (mountPath !== row.mount_path) await checkPathFree(mountPath, id);
      await write(mountPath, () =>
        repository.update(id, {
          ...fields,
          ...(fields.mount_path === undefined ? {} : { path_key: pathKeyOf(mountPath) }),
          ...(is_active === undefined ? {} : { is_active: flag(is_active) }),
          updated_at: clock.now(),
        }),
      );
      await onChange({
        mountId: id,
        paths: [...new Set([row.mount_path, mountPath])],
        removed: false,
      });
      return toMount(await requireRow(id));
    },

    async remove(id: string): Promise<void> {
      const row = await requireRow(id);
      if ((await repository.delete(id)) === 0) throw mountNotFound();
      await onChange({ mountId: id, paths: [row.mount_path], removed: true });
    },

    /**
     * A listing of the mount was read from its storage (SPEC `last_refreshed_at`); not a
     * change of the mount, so nothing is invalidated.
     */
    noteRefreshed: (id: string, at: number) => repository.update(id, { last_refreshed_at: at }),
  };
}

export type MountsUseCases = ReturnType<typeof createMountsUseCases>;
