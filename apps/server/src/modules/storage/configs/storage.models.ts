import type { StorageChoice, StorageConfig } from '@sharebin/shared';
import { toIso } from '../../shared/clock';
import type { StorageConfigsTable } from '../../shared/db.schema';
import { maskSecret, type SecretBox } from '../../shared/secret-box';

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
    root_path: row.root_path,
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

/**
 * The address of a stored object in its bucket (SPEC §3 `s3_url`), unsigned: it opens only in a
 * public bucket. Null for local storage, which has no such address.
 */
export function objectUrlOf(
  row: Pick<
    StorageConfigsTable,
    'storage_type' | 'endpoint' | 'region' | 'bucket' | 'path_style' | 'default_folder'
  >,
  key: string,
): string | null {
  if (row.storage_type !== 's3') return null;
  let endpoint: URL;
  try {
    endpoint = new URL(row.endpoint || `https://s3.${row.region}.amazonaws.com`);
  } catch {
    return null; // an endpoint that is no URL has no address to give
  }
  const folder = row.default_folder.replace(/^\/+|\/+$/g, '');
  const path = [...(folder ? folder.split('/') : []), ...key.split('/')]
    .map(encodeURIComponent)
    .join('/');
  const base = endpoint.origin + endpoint.pathname.replace(/\/+$/, '');
  if (row.path_style === 1) return `${base}/${encodeURIComponent(row.bucket)}/${path}`;
  return `${endpoint.protocol}//${row.bucket}.${endpoint.host}/${path}`;
}
