import { z } from 'zod';
import { normalizePath } from '../paths';

export const STORAGE_TYPES = ['s3', 'local'] as const;
export type StorageType = (typeof STORAGE_TYPES)[number];

export const STORAGE_PROVIDERS = [
  'aws',
  'cloudflare-r2',
  'backblaze-b2',
  'minio',
  'aliyun-oss',
  'tencent-cos',
  'other',
] as const;
export type StorageProvider = (typeof STORAGE_PROVIDERS)[number];

/** Sensible starting values per provider; `{placeholders}` are for the user to fill in. */
export const STORAGE_PROVIDER_PRESETS: Record<
  StorageProvider,
  { endpoint: string; region: string; path_style: boolean }
> = {
  aws: { endpoint: '', region: 'us-east-1', path_style: false },
  'cloudflare-r2': {
    endpoint: 'https://{account_id}.r2.cloudflarestorage.com',
    region: 'auto',
    path_style: true,
  },
  'backblaze-b2': {
    endpoint: 'https://s3.{region}.backblazeb2.com',
    region: 'us-west-004',
    path_style: false,
  },
  minio: { endpoint: 'http://localhost:9000', region: 'us-east-1', path_style: true },
  'aliyun-oss': {
    endpoint: 'https://oss-{region}.aliyuncs.com',
    region: 'oss-cn-hangzhou',
    path_style: false,
  },
  'tencent-cos': {
    endpoint: 'https://cos.{region}.myqcloud.com',
    region: 'ap-guangzhou',
    path_style: false,
  },
  other: { endpoint: '', region: 'us-east-1', path_style: true },
};

export const URL_EXPIRY_MIN_SECONDS = 60;
export const URL_EXPIRY_MAX_SECONDS = 7 * 24 * 3600;
export const URL_EXPIRY_DEFAULT_SECONDS = 3600;

/** A folder inside the bucket or the local root: normalised, stored without the leading slash. */
const folderSchema = z.string().transform((value, ctx) => {
  try {
    return normalizePath(value).slice(1);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'Invalid folder' });
    return z.NEVER;
  }
});

// Aborts: the checks chained after it parse the value as a URL, and must not see a non-URL.
const httpUrl = z.url({ protocol: /^https?$/, message: 'An http(s) address', abort: true });

/** Scheme, host and port and nothing more (no path, query, fragment or credentials). */
export function isBareOrigin(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
}

/** Only AWS has an endpoint the SDK knows; any other provider without one would reach AWS. */
export const needsEndpoint = (provider: StorageProvider) => provider !== 'aws';

const ENDPOINT_REQUIRED = {
  message: 'This provider needs an endpoint',
  path: ['endpoint'],
};

/** A download host replaces scheme, host and port of signed URLs: a bare origin. */
const originSchema = httpUrl
  .refine(isBareOrigin, 'Only scheme, host and port, such as https://cdn.example.com')
  .transform((value) => new URL(value).origin);

/** Each field's rule, without defaults: an update must not turn an absent field into a default. */
const fieldRules = {
  name: z.string().trim().min(1).max(100),
  default_folder: folderSchema,
  custom_host: z.union([z.literal(''), originSchema]),
  url_expiry_seconds: z.number().int().min(URL_EXPIRY_MIN_SECONDS).max(URL_EXPIRY_MAX_SECONDS),
  /** Bytes this storage may hold in all; null: no limit. */
  total_capacity_bytes: z.number().int().positive().nullable(),
  allow_api_keys: z.boolean(),
  provider: z.enum(STORAGE_PROVIDERS),
  endpoint: z.union([z.literal(''), httpUrl]),
  region: z.string().trim().min(1).max(64),
  bucket: z
    .string()
    .trim()
    .min(3)
    .max(63)
    .regex(/^[a-z0-9][a-z0-9.-]+[a-z0-9]$/, 'A valid bucket name'),
  access_key_id: z.string().trim().min(1).max(256),
  secret_access_key: z.string().min(1).max(512),
  path_style: z.boolean(),
  /** Downloads and previews by presigned GET URLs (on the custom host, if any), not through us. */
  direct_downloads: z.boolean(),
  /**
   * Local only: an existing folder of the host to serve, as an absolute path (the server checks
   * it exists when saved); null: a folder of its own under DATA_DIR.
   */
  root_path: z
    .string()
    .trim()
    .max(4096)
    .refine((value) => value.startsWith('/') && !value.includes('\0'), 'An absolute path')
    .nullable(),
};

const commonFields = {
  name: fieldRules.name,
  default_folder: fieldRules.default_folder.default(''),
  custom_host: fieldRules.custom_host.default(''),
  url_expiry_seconds: fieldRules.url_expiry_seconds.default(URL_EXPIRY_DEFAULT_SECONDS),
  total_capacity_bytes: fieldRules.total_capacity_bytes.default(null),
  allow_api_keys: fieldRules.allow_api_keys.default(true),
};

const s3Fields = {
  storage_type: z.literal('s3'),
  provider: fieldRules.provider.default('other'),
  endpoint: fieldRules.endpoint.default(''),
  region: fieldRules.region.default('us-east-1'),
  bucket: fieldRules.bucket,
  access_key_id: fieldRules.access_key_id,
  secret_access_key: fieldRules.secret_access_key,
  path_style: fieldRules.path_style.default(false),
  direct_downloads: fieldRules.direct_downloads.default(false),
};

export const createStorageConfigRequestSchema = z.discriminatedUnion('storage_type', [
  z
    .object({ ...commonFields, ...s3Fields })
    .refine((value) => value.endpoint !== '' || !needsEndpoint(value.provider), ENDPOINT_REQUIRED),
  z.object({
    ...commonFields,
    storage_type: z.literal('local'),
    root_path: fieldRules.root_path.default(null),
  }),
]);
export type CreateStorageConfigRequest = z.input<typeof createStorageConfigRequestSchema>;

/** Partial changes; an absent field (the secret key too) keeps its stored value. */
export const updateStorageConfigRequestSchema = z
  .object(fieldRules)
  .partial()
  .refine((value) => Object.keys(value).length > 0, { message: 'Nothing to update' })
  // Only when both come together; the use case checks one against the stored other.
  .refine(
    (value) =>
      value.endpoint !== '' || value.provider === undefined || !needsEndpoint(value.provider),
    ENDPOINT_REQUIRED,
  );
export type UpdateStorageConfigRequest = z.input<typeof updateStorageConfigRequestSchema>;

/** A storage config as the admin sees it: the secret key only masked. */
export const storageConfigSchema = z.object({
  id: z.string(),
  name: z.string(),
  storage_type: z.enum(STORAGE_TYPES),
  provider: z.enum(STORAGE_PROVIDERS).nullable(),
  endpoint: z.string(),
  region: z.string(),
  bucket: z.string(),
  access_key_id: z.string(),
  secret_access_key_masked: z.string(),
  path_style: z.boolean(),
  default_folder: z.string(),
  custom_host: z.string(),
  url_expiry_seconds: z.number(),
  total_capacity_bytes: z.number().nullable(),
  used_bytes: z.number(),
  allow_api_keys: z.boolean(),
  direct_downloads: z.boolean(),
  root_path: z.string().nullable(),
  is_default: z.boolean(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type StorageConfig = z.infer<typeof storageConfigSchema>;

/** What an API key holder sees when choosing where to upload. */
export const storageChoiceSchema = storageConfigSchema.pick({
  id: true,
  name: true,
  storage_type: true,
  provider: true,
  is_default: true,
  total_capacity_bytes: true,
  used_bytes: true,
});
export type StorageChoice = z.infer<typeof storageChoiceSchema>;

export const STORAGE_TEST_CHECKS = [
  'write',
  'read',
  'list',
  'presigned_put',
  'cors',
  'multipart',
  'delete',
] as const;
/** Failures the storage test explains itself (SPEC §8 style: the UI words them). */
export const STORAGE_TEST_REASONS = [
  'bytes_differ',
  'missing_from_listing',
  'presigned_put_status',
  'cors_not_tried',
  'cors_put_denied',
  'etag_hidden',
  'cors_get_denied',
  'still_there',
] as const;
export type StorageTestReason = (typeof STORAGE_TEST_REASONS)[number];

export const storageTestReportSchema = z.object({
  ok: z.boolean(),
  checks: z.array(
    z.object({
      name: z.enum(STORAGE_TEST_CHECKS),
      ok: z.boolean(),
      /** Why it failed, readable; or a note on success. */
      detail: z.string(),
      /**
       * What went wrong in words of our own, for the UI to translate (with `params`); absent
       * when the storage's own answer (`detail`, or `error_code` for a known failure) is all
       * there is.
       */
      reason: z.enum(STORAGE_TEST_REASONS).optional(),
      params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
      /** A driver failure's stable code (`storage.timeout`, `storage.full`, …), when known. */
      error_code: z.string().optional(),
      ms: z.number(),
    }),
  ),
});
export type StorageTestReport = z.infer<typeof storageTestReportSchema>;
