import { API_KEY_LIST_PREFIX_LENGTH, type ApiKey, type Principal } from '@sharebin/shared';
import { toIso, toIsoOrNull } from '../shared/clock';
import type { ApiKeysTable } from '../shared/db.schema';

/** Generated keys: a recognisable prefix and 40 base62 characters (about 238 random bits). */
export const GENERATED_KEY_PREFIX = 'sb_';
export const GENERATED_KEY_RANDOM_LENGTH = 40;

/** `last_used_at` is written at most this often, to keep authentication free of writes. */
export const LAST_USED_RESOLUTION_MS = 60_000;

export const keyPrefixOf = (key: string) => key.slice(0, API_KEY_LIST_PREFIX_LENGTH);

export const isExpired = (row: Pick<ApiKeysTable, 'expires_at'>, now: number) =>
  row.expires_at !== null && row.expires_at <= now;

export const needsLastUsedUpdate = (row: Pick<ApiKeysTable, 'last_used_at'>, now: number) =>
  row.last_used_at === null || now - row.last_used_at >= LAST_USED_RESOLUTION_MS;

export function toApiKey(row: ApiKeysTable): ApiKey {
  return {
    id: row.id,
    name: row.name,
    key_prefix: row.key_prefix,
    text_permission: row.text_permission === 1,
    file_permission: row.file_permission === 1,
    mount_permission: row.mount_permission === 1,
    mount_read_only: row.mount_read_only === 1,
    basic_path: row.basic_path,
    custom_key: row.custom_key === 1,
    expires_at: toIsoOrNull(row.expires_at),
    last_used_at: toIsoOrNull(row.last_used_at),
    created_at: toIso(row.created_at),
  };
}

export function toPrincipal(row: ApiKeysTable): Principal {
  return {
    type: 'apikey',
    id: row.id,
    name: row.name,
    basicPath: row.basic_path,
    permissions: {
      text: row.text_permission === 1,
      file: row.file_permission === 1,
      mount: row.mount_permission === 1,
    },
    mountReadOnly: row.mount_read_only === 1,
  };
}

export const flag = (value: boolean) => (value ? 1 : 0);
