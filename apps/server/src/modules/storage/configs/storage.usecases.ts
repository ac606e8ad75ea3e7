import {
  type createStorageConfigRequestSchema,
  hasPermission,
  needsEndpoint,
  type Principal,
  type StorageChoice,
  type StorageConfig,
  type StorageProvider,
  type updateStorageConfigRequestSchema,
} from '@sharebin/shared';
import type { z } from 'zod';
import { validationFailed } from '../../../app/errors';
import { flag } from '../../api-keys/api-keys.models';
import type { Clock } from '../../shared/clock';
import { newId } from '../../shared/crypto';
import type { StorageConfigsTable } from '../../shared/db.schema';
import type { SecretBox } from '../../shared/secret-box';
import { assertHostFolder } from './host-folder';
import {
  storageConfigInUse,
  storageConfigIsDefault,
  storageConfigMounted,
  storageConfigNotFound,
  storageNotAllowed,
} from './storage.errors';
import {
  DEFAULT_LOCAL_STORAGE_NAME,
  objectUrlOf,
  toStorageChoice,
  toStorageConfig,
} from './storage.models';
import type { StorageRepository } from './storage.repository';

type CreateInput = z.output<typeof createStorageConfigRequestSchema>;
type UpdateInput = z.output<typeof updateStorageConfigRequestSchema>;

export interface StorageDeps {
  repository: StorageRepository;
  secrets: SecretBox;
  clock: Clock;
}

export function createStorageUseCases({ repository, secrets, clock }: StorageDeps) {
  /**
   * Told the id of every config that changed or went: the driver resolver drops its copy, the
   * directory cache its mounts' listings. Awaited, so the change answers once they know.
   */
  const changeListeners = new Set<(configId: string) => void | Promise<void>>();
  const changed = async (id: string) => {
    for (const listener of changeListeners) await listener(id);
  };

  async function requireRow(id: string) {
    const row = await repository.findById(id);
    if (!row) throw storageConfigNotFound();
    return row;
  }

  async function describe(row: StorageConfigsTable): Promise<StorageConfig> {
    const usage = await repository.usage();
    return toStorageConfig(row, usage.get(row.id)?.bytes ?? 0, secrets);
  }

  return {
    /** The admin sees every config in full; a key holder sees the ones keys may use, briefly. */
    async list(principal: Principal): Promise<StorageConfig[] | StorageChoice[]> {
      const [rows, usage] = await Promise.all([repository.list(), repository.usage()]);
      const configs = rows.map((row) =>
        toStorageConfig(row, usage.get(row.id)?.bytes ?? 0, secrets),
      );
      if (hasPermission(principal, 'admin')) return configs;
      return configs.filter((config) => config.allow_api_keys).map(toStorageChoice);
    },

    get: async (id: string) => describe(await requireRow(id)),

    /** Dashboard: each storage's live shares and held bytes against its capacity. */
    async stats() {
      const [rows, usage] = await Promise.all([repository.list(), repository.usage()]);
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        storage_type: row.storage_type,
        is_default: row.is_default === 1,
        files: usage.get(row.id)?.files ?? 0,
        used_bytes: usage.get(row.id)?.bytes ?? 0,
        capacity_bytes: row.total_capacity_bytes ?? null,
      }));
    },

    /** How a storage hands out its content, from its row alone: no usage totals on hot paths. */
    async deliveryOf(id: string) {
      const row = await requireRow(id);
      return {
        directDownloads: row.storage_type === 's3' && row.direct_downloads === 1,
        urlExpirySeconds: row.url_expiry_seconds,
        /** SPEC §3 `s3_url` of an object of this storage. */
        objectUrl: (key: string) => objectUrlOf(row, key),
      };
    },

    /** What a mount checks its storage type against; unknown ids are not found. */
    typeOf: async (id: string) => (await requireRow(id)).storage_type,

    configIds: async () => (await repository.list()).map((row) => row.id),

    /** Every config by id, name, type and whether it is the default (readiness checks each). */
    summaries: async () =>
      (await repository.list()).map(({ id, name, storage_type, is_default }) => ({
        id,
        name,
        storage_type,
        is_default: is_default === 1,
      })),

    /** Answers the unsubscribe function. */
    onConfigChanged(listener: (configId: string) => void | Promise<void>): () => void {
      changeListeners.add(listener);
      return () => changeListeners.delete(listener);
    },

    async create(input: CreateInput): Promise<StorageConfig> {
      const rootPath = input.storage_type === 'local' ? input.root_path : null;
      await assertHostFolder(rootPath);
      const now = clock.now();
      const isFirst = (await repository.count()) === 0;
      const s3 = input.storage_type === 's3' ? input : null;
      const row: StorageConfigsTable = {
        id: newId(),
        name: input.name,
        storage_type: input.storage_type,
        provider: s3?.provider ?? null,
        endpoint: s3?.endpoint ?? '',
        region: s3?.region ?? '',
        bucket: s3?.bucket ?? '',
        access_key_id: s3?.access_key_id ?? '',
        secret_access_key_sealed: s3 ? secrets.seal(s3.secret_access_key) : '',
        path_style: flag(s3?.path_style ?? false),
        default_folder: input.default_folder,
        custom_host: input.custom_host,
        url_expiry_seconds: input.url_expiry_seconds,
        total_capacity_bytes: input.total_capacity_bytes,
        allow_api_keys: flag(input.allow_api_keys),
        direct_downloads: flag(s3?.direct_downloads ?? false),
        root_path: rootPath,
        is_default: flag(isFirst),
        created_at: now,
        updated_at: now,
      };
      await repository.insert(row);
      return describe(row);
    },

    async update(id: string, input: UpdateInput): Promise<StorageConfig> {
      const row = await requireRow(id);
      const { secret_access_key, path_style, allow_api_keys, direct_downloads, ...rest } = input;
      // A local storage has no S3 fields; ignore them rather than store nonsense.
      const s3Only = ['provider', 'endpoint', 'region', 'bucket', 'access_key_id'] as const;
      const changes: Partial<StorageConfigsTable> = { ...rest };
      if (row.storage_type === 'local') for (const field of s3Only) delete changes[field];
      // A bucket has no host folder.
      if (row.storage_type === 's3') delete changes.root_path;
      else await assertHostFolder(changes.root_path);
      // Checked when either changes, so that a storage saved before the rule can still be renamed.
      const provider = (changes.provider ?? row.provider) as StorageProvider | null;
      const touched = changes.provider !== undefined || changes.endpoint !== undefined;
      if (
        touched &&
        provider &&
        (changes.endpoint ?? row.endpoint) === '' &&
        needsEndpoint(provider)
      ) {
        throw validationFailed(
          [{ location: 'body', path: 'endpoint', message: 'This provider needs an endpoint' }],
          'This provider needs an endpoint',
        );
      }
      await repository.update(id, {
        ...changes,
        ...(secret_access_key !== undefined && row.storage_type === 's3'
          ? { secret_access_key_sealed: secrets.seal(secret_access_key) }
          : {}),
        ...(path_style === undefined || row.storage_type === 'local'
          ? {}
          : { path_style: flag(path_style) }),
        ...(allow_api_keys === undefined ? {} : { allow_api_keys: flag(allow_api_keys) }),
        ...(direct_downloads === undefined || row.storage_type === 'local'
          ? {}
          : { direct_downloads: flag(direct_downloads) }),
        updated_at: clock.now(),
      });
      await changed(id);
      return describe(await requireRow(id));
    },

    async remove(id: string): Promise<void> {
      const row = await requireRow(id);
      if (row.is_default === 1) throw storageConfigIsDefault();
      const mounts = await repository.mountsUsing(id);
      if (mounts.length > 0) throw storageConfigMounted(mounts);
      const shares = await repository.countShares(id);
      if (shares > 0) throw storageConfigInUse(shares);
      await repository.delete(id);
      await changed(id);
    },

    async setDefault(id: string): Promise<StorageConfig> {
      await requireRow(id);
      await repository.setDefault(id, clock.now());
      return describe(await requireRow(id));
    },

    /** First start: a local storage under DATA_DIR, so that uploads work with zero setup. */
    async ensureDefaultStorage(): Promise<void> {
      if ((await repository.count()) > 0) return;
      const now = clock.now();
      await repository.insert({
        id: newId(),
        name: DEFAULT_LOCAL_STORAGE_NAME,
        storage_type: 'local',
        provider: null,
        endpoint: '',
        region: '',
        bucket: '',
        access_key_id: '',
        secret_access_key_sealed: '',
        path_style: 0,
        default_folder: '',
        custom_host: '',
        url_expiry_seconds: 3600,
        total_capacity_bytes: null,
        allow_api_keys: 1,
        direct_downloads: 0,
        root_path: null,
        is_default: 1,
        created_at: now,
        updated_at: now,
      });
    },

    /** The config an upload goes to: the chosen one or the default, if the principal may use it. */
    async resolveForUpload(principal: Principal, id: string | undefined): Promise<StorageConfig> {
      const row = id ? await repository.findById(id) : await repository.findDefault();
      if (!row) throw storageConfigNotFound();
      if (!hasPermission(principal, 'admin') && row.allow_api_keys !== 1) throw storageNotAllowed();
      return describe(row);
    },

    /** The stored row with its secret opened, for building a driver. */
    async credentialsOf(id: string) {
      const row = await requireRow(id);
      return {
        ...row,
        secret_access_key: row.secret_access_key_sealed
          ? secrets.open(row.secret_access_key_sealed)
          : '',
      };
    },
  };
}

export type StorageUseCases = ReturnType<typeof createStorageUseCases>;
