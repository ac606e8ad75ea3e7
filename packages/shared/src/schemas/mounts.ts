import { z } from 'zod';
import {
  LIST_MAX_LIMIT,
  MOUNT_CACHE_TTL_DEFAULT_S,
  MOUNT_CACHE_TTL_MAX_S,
  MOUNT_NAME_MAX_LENGTH,
  MOUNT_PATH_PATTERN,
  MOUNT_REINDEX_MAX_MINUTES,
  MOUNT_REINDEX_MIN_MINUTES,
  MOUNT_REMARK_MAX_LENGTH,
  MOUNT_RESERVED_SEGMENTS,
} from '../constants';
import { pageOf, pageQuerySchema } from './pagination';
import { STORAGE_TYPES } from './storage';

const reservedSegments = new Set<string>(MOUNT_RESERVED_SEGMENTS);

/** SPEC §5 mount path rules; trailing slashes are dropped before the check. */
export const mountPathSchema = z
  .string()
  .trim()
  .transform((path) => (path.length > 1 ? path.replace(/\/+$/, '') : path))
  .pipe(
    z
      .string()
      .max(255)
      .regex(
        MOUNT_PATH_PATTERN,
        'Mount path must look like /name or /name/sub: letters, digits, _, - and Chinese characters',
      )
      .refine(
        (path) => !reservedSegments.has((path.split('/')[1] ?? '').toLowerCase()),
        'This mount path is reserved by the system',
      ),
  );

/** Who made a mount (SPEC §3): the system at install, the admin, or an API key (`apikey:<id>`). */
export const mountCreatorSchema = z.string();

/** A mount as the API answers it (CloudPaste's field names, SPEC §3). */
export const mountSchema = z.object({
  id: z.string(),
  name: z.string(),
  storage_type: z.enum(STORAGE_TYPES),
  storage_config_id: z.string(),
  mount_path: z.string(),
  remark: z.string(),
  sort_order: z.number().int(),
  cache_ttl: z.number().int(),
  is_active: z.boolean(),
  created_by: mountCreatorSchema,
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
  last_refreshed_at: z.iso.datetime().nullable(),
  /** Minutes between background rebuilds of the mount's search index; null: never. */
  reindex_minutes: z.number().int().nullable(),
});
export type Mount = z.infer<typeof mountSchema>;

/** GET admin/mounts and user/mounts: paged like every list; a page of the most holds them all. */
export const mountListQuerySchema = pageQuerySchema(LIST_MAX_LIMIT);
export const mountListSchema = pageOf(mountSchema);
export type MountList = z.infer<typeof mountListSchema>;

const mountFields = {
  name: z.string().trim().min(1).max(MOUNT_NAME_MAX_LENGTH),
  storage_type: z.enum(STORAGE_TYPES),
  storage_config_id: z.string().min(1).max(64),
  mount_path: mountPathSchema,
  remark: z.string().max(MOUNT_REMARK_MAX_LENGTH),
  sort_order: z.number().int().min(-1_000_000).max(1_000_000),
  cache_ttl: z.number().int().min(0).max(MOUNT_CACHE_TTL_MAX_S),
  is_active: z.boolean(),
  reindex_minutes: z
    .number()
    .int()
    .min(MOUNT_REINDEX_MIN_MINUTES)
    .max(MOUNT_REINDEX_MAX_MINUTES)
    .nullable(),
};

export const createMountRequestSchema = z.object({
  ...mountFields,
  remark: mountFields.remark.default(''),
  sort_order: mountFields.sort_order.default(0),
  cache_ttl: mountFields.cache_ttl.default(MOUNT_CACHE_TTL_DEFAULT_S),
  is_active: mountFields.is_active.default(true),
  reindex_minutes: mountFields.reindex_minutes.default(null),
});
export type CreateMountRequest = z.input<typeof createMountRequestSchema>;

export const updateMountRequestSchema = z
  .object(mountFields)
  .partial()
  .refine((value) => Object.keys(value).length > 0, { message: 'Nothing to update' });
export type UpdateMountRequest = z.input<typeof updateMountRequestSchema>;
