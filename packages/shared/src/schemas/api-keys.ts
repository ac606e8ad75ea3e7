import { z } from 'zod';
import {
  API_KEY_CUSTOM_MIN_LENGTH,
  API_KEY_MAX_LENGTH,
  API_KEY_NAME_MAX_LENGTH,
  DEFAULT_API_KEY_BASE_PATH,
  LIST_MAX_LIMIT,
} from '../constants';
import { normalizePath } from '../paths';
import { pageOf, pageQuerySchema } from './pagination';

export const API_KEY_PATTERN = /^[A-Za-z0-9_-]+$/;

/** A base path given by a user: normalised once, rejected when it cannot be. */
export const basePathSchema = z.string().transform((value, ctx) => {
  try {
    return normalizePath(value);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'Invalid path' });
    return z.NEVER;
  }
});

export const apiKeyPermissionsSchema = z.object({
  text: z.boolean(),
  file: z.boolean(),
  mount: z.boolean(),
});
export type ApiKeyPermissions = z.infer<typeof apiKeyPermissionsSchema>;

/** An API key as lists show it: never the full key, only its first characters. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  key_prefix: z.string(),
  text_permission: z.boolean(),
  file_permission: z.boolean(),
  mount_permission: z.boolean(),
  /** With mount permission: browse and download only, never write (SPEC §6). */
  mount_read_only: z.boolean(),
  basic_path: z.string(),
  custom_key: z.boolean(),
  expires_at: z.iso.datetime().nullable(),
  last_used_at: z.iso.datetime().nullable(),
  created_at: z.iso.datetime(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** GET admin/api-keys: paged like every list; keys are few, so a page of the most holds them all. */
export const apiKeyListQuerySchema = pageQuerySchema(LIST_MAX_LIMIT);
export const apiKeyListSchema = pageOf(apiKeySchema);
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

/** The answer to a creation: the one time the full key is shown. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

const apiKeyNameSchema = z.string().trim().min(1).max(API_KEY_NAME_MAX_LENGTH);

export const createApiKeyRequestSchema = z.object({
  name: apiKeyNameSchema,
  /**
   * ISO date-time in the future, or null for a key that never expires. Omitted, the key expires
   * in `API_KEY_DEFAULT_EXPIRY_MS` (30 days), as the admin form proposes (SPEC: new keys).
   */
  expires_at: z.iso.datetime({ offset: true }).nullable().optional(),
  text_permission: z.boolean().default(false),
  file_permission: z.boolean().default(false),
  mount_permission: z.boolean().default(false),
  mount_read_only: z.boolean().default(false),
  basic_path: basePathSchema.default(DEFAULT_API_KEY_BASE_PATH),
  /** A key of the user's choosing; generated when absent or null (clients send either). */
  custom_key: z
    .string()
    .min(API_KEY_CUSTOM_MIN_LENGTH)
    .max(API_KEY_MAX_LENGTH)
    .regex(API_KEY_PATTERN, 'Letters, digits, underscore and hyphen only')
    .nullish()
    .transform((key) => key ?? undefined),
});
export type CreateApiKeyRequest = z.input<typeof createApiKeyRequestSchema>;

export const updateApiKeyRequestSchema = z
  .object({
    name: apiKeyNameSchema,
    expires_at: z.iso.datetime({ offset: true }).nullable(),
    text_permission: z.boolean(),
    file_permission: z.boolean(),
    mount_permission: z.boolean(),
    mount_read_only: z.boolean(),
    basic_path: basePathSchema,
  })
  .partial()
  .refine((value) => Object.keys(value).length > 0, { message: 'Nothing to update' });
export type UpdateApiKeyRequest = z.input<typeof updateApiKeyRequestSchema>;

/** GET /test/api-key. */
export const apiKeyVerificationSchema = z.object({
  permissions: apiKeyPermissionsSchema,
  key_info: z.object({
    id: z.string(),
    name: z.string(),
    basic_path: z.string(),
    mount_read_only: z.boolean(),
  }),
  expires_at: z.iso.datetime().nullable(),
});
export type ApiKeyVerification = z.infer<typeof apiKeyVerificationSchema>;

export const idParamSchema = z.object({ id: z.string().min(1).max(64) });
