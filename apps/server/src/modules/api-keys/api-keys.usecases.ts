import {
  API_KEY_DEFAULT_EXPIRY_MS,
  type ApiKey,
  type ApiKeyList,
  type CreatedApiKey,
  type createApiKeyRequestSchema,
  type Principal,
  type updateApiKeyRequestSchema,
} from '@sharebin/shared';
import type { z } from 'zod';
import type { Clock } from '../shared/clock';
import { newId, randomBase62, safeEqual, sha256Hex } from '../shared/crypto';
import { isUniqueViolation } from '../shared/db';
import {
  apiKeyConflict,
  apiKeyExpired,
  apiKeyInvalid,
  apiKeyNotFound,
  expiryInPast,
} from './api-keys.errors';
import {
  flag,
  GENERATED_KEY_PREFIX,
  GENERATED_KEY_RANDOM_LENGTH,
  isExpired,
  keyPrefixOf,
  needsLastUsedUpdate,
  toApiKey,
  toPrincipal,
} from './api-keys.models';
import type { ApiKeysRepository } from './api-keys.repository';

type CreateInput = z.output<typeof createApiKeyRequestSchema>;
type UpdateInput = z.output<typeof updateApiKeyRequestSchema>;

export interface ApiKeysDeps {
  repository: ApiKeysRepository;
  clock: Clock;
}

export function createApiKeysUseCases({ repository, clock }: ApiKeysDeps) {
  function expiryToMs(expiresAt: string | null | undefined): number | null | undefined {
    if (expiresAt === undefined || expiresAt === null) return expiresAt;
    const ms = Date.parse(expiresAt);
    if (ms <= clock.now()) throw expiryInPast();
    return ms;
  }

  async function requireKey(id: string) {
    const row = await repository.findById(id);
    if (!row) throw apiKeyNotFound();
    return row;
  }

  return {
    /** Dashboard: how many keys there are. */
    stats: async () => ({ count: await repository.count() }),

    async list(page: { limit: number; offset: number }): Promise<ApiKeyList> {
      const [rows, total] = await Promise.all([repository.list(page), repository.count()]);
      return { items: rows.map(toApiKey), total, ...page };
    },

    async create(input: CreateInput): Promise<CreatedApiKey> {
      // Omitted, the expiry is the form's default; only an explicit null means never.
      const expiresAt =
        input.expires_at === undefined
          ? clock.now() + API_KEY_DEFAULT_EXPIRY_MS
          : (expiryToMs(input.expires_at) ?? null);
      const key =
        input.custom_key ?? GENERATED_KEY_PREFIX + randomBase62(GENERATED_KEY_RANDOM_LENGTH);
      const now = clock.now();
      const row = {
        id: newId(),
        name: input.name,
        key_hash: sha256Hex(key),
        key_prefix: keyPrefixOf(key),
        custom_key: flag(input.custom_key !== undefined),
        text_permission: flag(input.text_permission),
        file_permission: flag(input.file_permission),
        mount_permission: flag(input.mount_permission),
        mount_read_only: flag(input.mount_read_only),
        basic_path: input.basic_path,
        expires_at: expiresAt,
        last_used_at: null,
        created_at: now,
        updated_at: now,
      };
      try {
        await repository.insert(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw apiKeyConflict();
        throw error;
      }
      return { ...toApiKey(row), key };
    },

    async update(id: string, input: UpdateInput): Promise<ApiKey> {
      await requireKey(id);
      const {
        text_permission,
        file_permission,
        mount_permission,
        mount_read_only,
        expires_at,
        ...rest
      } = input;
      await repository.update(id, {
        ...rest,
        ...(text_permission === undefined ? {} : { text_permission: flag(text_permission) }),
        ...(file_permission === undefined ? {} : { file_permission: flag(file_permission) }),
        ...(mount_permission === undefined ? {} : { mount_permission: flag(mount_permission) }),
        ...(mount_read_only === undefined ? {} : { mount_read_only: flag(mount_read_only) }),
        ...(expires_at === undefined ? {} : { expires_at: expiryToMs(expires_at) ?? null }),
        updated_at: clock.now(),
      });
      return toApiKey(await requireKey(id));
    },

    async remove(id: string): Promise<void> {
      if ((await repository.delete(id)) === 0) throw apiKeyNotFound();
    },

    /**
     * The key's permissions as they are now, for work it started earlier (a job): null once the
     * key is deleted or expired.
     */
    async principalById(id: string): Promise<Principal | null> {
      const row = await repository.findById(id);
      return row && !isExpired(row, clock.now()) ? toPrincipal(row) : null;
    },

    /** Authenticates `Authorization: ApiKey <key>`. */
    async authenticate(key: string): Promise<{ principal: Principal; expiresAt: number | null }> {
      const keyHash = sha256Hex(key);
      const row = await repository.findByHash(keyHash);
      if (!row || !safeEqual(row.key_hash, keyHash)) throw apiKeyInvalid();
      const now = clock.now();
      if (isExpired(row, now)) throw apiKeyExpired();
      if (needsLastUsedUpdate(row, now)) await repository.touchLastUsed(row.id, now);
      return { principal: toPrincipal(row), expiresAt: row.expires_at };
    },
  };
}

export type ApiKeysUseCases = ReturnType<typeof createApiKeysUseCases>;
