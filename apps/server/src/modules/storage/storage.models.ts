import type { StorageChoice, StorageConfig } from '@sharebin/shared';
import { toIso } from '../shared/clock';
import type { StorageConfigsTable } from '../shared/db.schema';
import { maskSecret, type SecretBox } from '../shared/secret-box';

export { DEFAULT_LOCAL_STORAGE_NAME } from '@sharebin/shared';

export function toStorageConfig(
  row: StorageConfigsTable,
  usedBytes: number,
  secrets: SecretBox,
): StorageConfig {
  return {
    id: row.id,
    name: row.name,
    storage_type: row.storage_type,
    provider: (row.provider as StorageConfig['provider']) ?? null,
    endpoint: row.endpoint,
    region: row.region,
    bucket: row.bucket,
    access_key_id: row.access_key_id,
    secret_access_key_masked: row.secret_access_key_sealed
      ? maskSecret(secrets.open(row.secret_access_key_sealed))
      : '',
    path_style: row.path_style === 1,
    default_folder: row.default_folder,
    custom_host: row.custom_host,
    url_expiry_seconds: row.url_expiry_seconds,
    total_capacity_bytes: row.total_capacity_bytes,
    used_bytes: usedBytes,
    allow_api_keys: row.allow_api_keys === 1,
    direct_downloads: row.direct_downloads === 1,
    is_default: row.is_default === 1,
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
  };
}

export const toStorageChoice = (config: StorageConfig): StorageChoice => ({
  id: config.id,
  name: config.name,
  storage_type: config.storage_type,
  provider: config.provider,
  is_default: config.is_default,
  total_capacity_bytes: config.total_capacity_bytes,
  used_bytes: config.used_bytes,
});

/** Bytes left, or null when the storage has no capacity set. */
export const remainingBytes = (
  config: Pick<StorageConfig, 'total_capacity_bytes' | 'used_bytes'>,
) =>
  config.total_capacity_bytes === null
    ? null
    : Math.max(0, config.total_capacity_bytes - config.used_bytes);
