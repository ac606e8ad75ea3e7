import {
  type CreateMountRequest,
  ERROR_CODES,
  type ErrorCode,
  MOUNT_CACHE_TTL_DEFAULT_S,
  MOUNT_CACHE_TTL_MAX_S,
  MOUNT_REINDEX_MAX_MINUTES,
  MOUNT_REINDEX_MIN_MINUTES,
  type Mount,
  type StorageChoice,
  type UpdateMountRequest,
} from '@sharebin/shared';
import type { ServerIssue } from '../../app/error-messages';

/**
 * The mount form's values and how they become requests. The rules themselves are the shared
 * createMountRequestSchema the server checks with (SPEC §5); these are pure functions so the
 * mapping can be tested apart from the modal.
 */

export interface MountFormValues {
  name: string;
  mountPath: string;
  storageConfigId: string;
  /** NumberInput answers '' when emptied. */
  cacheTtl: string | number;
  sortOrder: string | number;
  remark: string;
  isActive: boolean;
  /** How often the search index is rebuilt: off, a preset's minutes, or custom minutes. */
  reindexEvery: ReindexChoice;
  /** The custom interval in minutes (NumberInput answers '' when emptied). */
  reindexMinutes: string | number;
}

export type MountFormField =
  | 'name'
  | 'mountPath'
  | 'storage'
  | 'cacheTtl'
  | 'sortOrder'
  | 'remark'
  | 'reindexMinutes';

/** The intervals offered in the form, in minutes: 15 min, 30 min, 1 h, 6 h, a day, a week. */
export const REINDEX_PRESETS = [15, 30, 60, 360, 1440, 10_080] as const;

/** `off`, one of REINDEX_PRESETS as text (a Select's value), or `custom`. */
export type ReindexChoice = 'off' | 'custom' | `${number}`;

/** The form's choice for a mount's stored interval. */
export function reindexChoiceOf(minutes: number | null): ReindexChoice {
  if (minutes === null) return 'off';
  return (REINDEX_PRESETS as readonly number[]).includes(minutes) ? `${minutes}` : 'custom';
}

/**
 * An interval as a phrase's key and count: "every 30 minutes", "every hour", "every 7 days"
 * (one hour and one day have their own keys: Chinese has no plural to tell them apart).
 */
export function reindexInterval(minutes: number): {
  key: 'everyMinutes' | 'everyHour' | 'everyHours' | 'everyDay' | 'everyDays';
  count: number;
} {
  if (minutes % 1440 === 0) {
    const count = minutes / 1440;
    return { key: count === 1 ? 'everyDay' : 'everyDays', count };
  }
  if (minutes % 60 === 0) {
    const count = minutes / 60;
    return { key: count === 1 ? 'everyHour' : 'everyHours', count };
  }
  return { key: 'everyMinutes', count: minutes };
}

/** What the form's messages interpolate: the cache TTL's and the interval's limits. */
export const MOUNT_MESSAGE_LIMITS = {
  max: MOUNT_CACHE_TTL_MAX_S,
  minMinutes: MOUNT_REINDEX_MIN_MINUTES,
  maxMinutes: MOUNT_REINDEX_MAX_MINUTES,
} as const;

/** The request's field names to the form's; the storage type is set from the storage. */
export const MOUNT_FORM_FIELDS: Readonly<Record<string, MountFormField>> = {
  name: 'name',
  mount_path: 'mountPath',
  storage_config_id: 'storage',
  storage_type: 'storage',
  cache_ttl: 'cacheTtl',
  sort_order: 'sortOrder',
  remark: 'remark',
  reindex_minutes: 'reindexMinutes',
};

/** Server error codes that belong to one field (a taken path under the path). */
export const MOUNT_CODE_FIELDS: Partial<Record<ErrorCode, MountFormField>> = {
  [ERROR_CODES.mountPathTaken]: 'mountPath',
  [ERROR_CODES.mountPathCaseConflict]: 'mountPath',
  [ERROR_CODES.mountStorageTypeMismatch]: 'storage',
  [ERROR_CODES.storageConfigNotFound]: 'storage',
};

export function mountFieldOf(key: keyof MountFormValues): MountFormField | null {
  if (key === 'storageConfigId') return 'storage';
  if (key === 'reindexEvery') return 'reindexMinutes';
  return key === 'isActive' ? null : key;
}

/** A new mount: on the default storage when there is one, cached for SPEC's 300 s, no rebuilds. */
export function emptyMountForm(storages: readonly StorageChoice[]): MountFormValues {
  const preferred = storages.find((storage) => storage.is_default) ?? storages[0];
  return {
    name: '',
    mountPath: '',
    storageConfigId: preferred?.id ?? '',
    cacheTtl: MOUNT_CACHE_TTL_DEFAULT_S,
    sortOrder: 0,
    remark: '',
    isActive: true,
    reindexEvery: 'off',
    reindexMinutes: '',
  };
}

export function mountFormFrom(mount: Mount): MountFormValues {
  return {
    name: mount.name,
    mountPath: mount.mount_path,
    storageConfigId: mount.storage_config_id,
    cacheTtl: mount.cache_ttl,
    sortOrder: mount.sort_order,
    remark: mount.remark,
    isActive: mount.is_active,
    reindexEvery: reindexChoiceOf(mount.reindex_minutes),
    reindexMinutes: mount.reindex_minutes ?? '',
  };
}

/** A number field's value; text that is no number stays text so the schema refuses it. */
function numberOf(value: string | number): number | string | undefined {
  if (typeof value === 'number') return value;
  const text = value.trim();
  if (text === '') return undefined;
  const parsed = Number(text);
  return Number.isFinite(parsed) ? parsed : text;
}

/** The interval to send: null when off; an empty custom one stays '' so the schema refuses it. */
function reindexMinutesOf(values: MountFormValues): number | string | null {
  if (values.reindexEvery === 'off') return null;
  if (values.reindexEvery !== 'custom') return Number(values.reindexEvery);
  return numberOf(values.reindexMinutes) ?? '';
}

/**
 * What the form would send to create the mount, before the schema's check. An empty cache
 * TTL or sort order takes the schema's default; an unknown storage leaves the type unset.
 */
export function mountCandidate(
  values: MountFormValues,
  storages: readonly StorageChoice[],
): Record<string, unknown> {
  const storage = storages.find((choice) => choice.id === values.storageConfigId);
  return {
    name: values.name,
    storage_type: storage?.storage_type,
    storage_config_id: values.storageConfigId,
    mount_path: values.mountPath,
    remark: values.remark,
    sort_order: numberOf(values.sortOrder),
    cache_ttl: numberOf(values.cacheTtl),
    is_active: values.isActive,
    reindex_minutes: reindexMinutesOf(values),
  };
}

/** The create request; call only with a candidate that passed createMountRequestSchema. */
export const toCreateMountRequest = (candidate: Record<string, unknown>) =>
  candidate as CreateMountRequest;

/** The path as the server keeps it: trimmed, without trailing slashes. */
const storedPath = (path: string) => {
  const trimmed = path.trim();
  return trimmed.length > 1 ? trimmed.replace(/\/+$/, '') : trimmed;
};

/** Only the fields that changed (from validated values); empty means nothing to save. */
export function mountChanges(
  values: MountFormValues,
  original: Mount,
  storages: readonly StorageChoice[],
): UpdateMountRequest {
  const candidate = mountCandidate(values, storages);
  const changes: UpdateMountRequest = {};
  const name = values.name.trim();
  if (name !== original.name) changes.name = name;
  const path = storedPath(values.mountPath);
  if (path !== original.mount_path) changes.mount_path = path;
  if (values.storageConfigId !== original.storage_config_id) {
    changes.storage_config_id = values.storageConfigId;
    changes.storage_type = candidate.storage_type as Mount['storage_type'];
  }
  const cacheTtl = (candidate.cache_ttl as number | undefined) ?? MOUNT_CACHE_TTL_DEFAULT_S;
  if (cacheTtl !== original.cache_ttl) changes.cache_ttl = cacheTtl;
  const sortOrder = (candidate.sort_order as number | undefined) ?? 0;
  if (sortOrder !== original.sort_order) changes.sort_order = sortOrder;
  if (values.remark !== original.remark) changes.remark = values.remark;
  if (values.isActive !== original.is_active) changes.is_active = values.isActive;
  const reindexMinutes = candidate.reindex_minutes as number | null;
  if (reindexMinutes !== original.reindex_minutes) changes.reindex_minutes = reindexMinutes;
  return changes;
}

export type MountMessageKey =
  | 'nameRequired'
  | 'pathRequired'
  | 'pathPattern'
  | 'pathReserved'
  | 'storageRequired'
  | 'cacheTtlRange'
  | 'reindexRange'
  | 'wholeNumber';

/**
 * The form's own wording for a schema issue (SPEC §5's messages); undefined: the generic text
 * for the issue's kind (a too long name, remark or path says its limit).
 */
export function mountIssueMessage(
  field: MountFormField,
  issue: ServerIssue,
  value: string,
): MountMessageKey | undefined {
  switch (field) {
    case 'name':
      return issue.code === 'too_small' ? 'nameRequired' : undefined;
    case 'mountPath':
      if (value.trim() === '') return 'pathRequired';
      if (issue.code === 'invalid_format') return 'pathPattern';
      return issue.code === 'custom' ? 'pathReserved' : undefined;
    case 'storage':
      return 'storageRequired';
    case 'cacheTtl':
      return issue.code === 'too_small' || issue.code === 'too_big'
        ? 'cacheTtlRange'
        : 'wholeNumber';
    case 'reindexMinutes':
      return issue.code === 'too_small' || issue.code === 'too_big'
        ? 'reindexRange'
        : 'wholeNumber';
    case 'sortOrder':
      return issue.code === 'too_small' || issue.code === 'too_big' ? undefined : 'wholeNumber';
    default:
      return undefined;
  }
}
