import {
  type CreateStorageConfigRequest,
  isBareOrigin,
  needsEndpoint,
  normalizePath,
  STORAGE_PROVIDER_PRESETS,
  STORAGE_PROVIDERS,
  type StorageConfig,
  type StorageProvider,
  type UpdateStorageConfigRequest,
  URL_EXPIRY_DEFAULT_SECONDS,
  URL_EXPIRY_MAX_SECONDS,
  URL_EXPIRY_MIN_SECONDS,
} from '@sharebin/shared';

/**
 * The storage form's values and rules. Pure functions, so the rules (which mirror
 * createStorageConfigRequestSchema and updateStorageConfigRequestSchema in packages/shared)
 * can be read apart from the modal.
 */

/** What the provider picker chooses: an S3-compatible provider, or the server's own disk. */
export type StorageKind = StorageProvider | 'local';
export const STORAGE_KINDS: readonly StorageKind[] = [...STORAGE_PROVIDERS, 'local'];

export const CAPACITY_UNITS = ['MB', 'GB', 'TB'] as const;
export type CapacityUnit = (typeof CAPACITY_UNITS)[number];
export const CAPACITY_UNIT_BYTES: Record<CapacityUnit, number> = {
  MB: 1024 ** 2,
  GB: 1024 ** 3,
  TB: 1024 ** 4,
};

export const NAME_MAX_LENGTH = 100;
export const REGION_MAX_LENGTH = 64;
export const ACCESS_KEY_ID_MAX_LENGTH = 256;
export const SECRET_MAX_LENGTH = 512;
const BUCKET_PATTERN = /^[a-z0-9][a-z0-9.-]+[a-z0-9]$/;
/** `{account_id}`, `{region}`: the parts of a preset the user must fill in. */
const PLACEHOLDER = /\{[^}]*\}/;

export interface StorageFormValues {
  kind: StorageKind;
  name: string;
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  /** Empty when editing: keep the stored secret. */
  secretAccessKey: string;
  pathStyle: boolean;
  defaultFolder: string;
  /** Local only: an existing folder of the server to serve; empty: the data folder. */
  hostFolder: string;
  customHost: string;
  urlExpirySeconds: string | number;
  /** Empty: no limit. */
  capacity: string | number;
  capacityUnit: CapacityUnit;
  allowApiKeys: boolean;
  /** S3 only: share downloads go straight from the storage by presigned URLs. */
  directDownloads: boolean;
}

export type StorageFormField =
  | 'name'
  | 'endpoint'
  | 'region'
  | 'bucket'
  | 'accessKeyId'
  | 'secretAccessKey'
  | 'defaultFolder'
  | 'hostFolder'
  | 'customHost'
  | 'urlExpirySeconds'
  | 'capacity';

/** A translation key and its values, turned into text by the component. */
export interface StorageFormError {
  key:
    | 'storageConfig.form.errors.nameRequired'
    | 'storageConfig.form.errors.tooLong'
    | 'storageConfig.form.errors.urlInvalid'
    | 'storageConfig.form.errors.endpointRequired'
    | 'storageConfig.form.errors.originOnly'
    | 'storageConfig.form.errors.placeholder'
    | 'storageConfig.form.errors.regionRequired'
    | 'storageConfig.form.errors.bucketRequired'
    | 'storageConfig.form.errors.bucketLength'
    | 'storageConfig.form.errors.bucketPattern'
    | 'storageConfig.form.errors.accessKeyIdRequired'
    | 'storageConfig.form.errors.secretRequired'
    | 'storageConfig.form.errors.folderInvalid'
    | 'storageConfig.form.errors.hostFolderAbsolute'
    | 'storageConfig.form.errors.urlExpiryInvalid'
    | 'storageConfig.form.errors.capacityInvalid';
  params?: Record<string, number | string>;
}

export type StorageFormErrors = Partial<Record<StorageFormField, StorageFormError>>;

/**
 * A preset endpoint with its `{region}` filled in. A region that repeats the host label's
 * own prefix (Aliyun's `oss-cn-hangzhou` in `oss-{region}`) is not doubled. An empty region
 * leaves the placeholder for the user to see.
 */
export function fillRegion(template: string, region: string): string {
  const value = region.trim();
  if (!value) return template;
  const prefix = /([^./]*)\{region\}/.exec(template)?.[1] ?? '';
  return template.replaceAll(
    '{region}',
    prefix && value.startsWith(prefix) ? value.slice(prefix.length) : value,
  );
}

/**
 * The endpoint once Region changed: while it is still the provider's preset (as given, or
 * filled with the previous region) it follows the new region; one the user typed is theirs.
 */
export function endpointForRegion(
  kind: StorageKind,
  endpoint: string,
  previousRegion: string,
  region: string,
): string {
  if (kind === 'local') return endpoint;
  const template = STORAGE_PROVIDER_PRESETS[kind].endpoint;
  if (!template.includes('{region}')) return endpoint;
  const untouched = endpoint === template || endpoint === fillRegion(template, previousRegion);
  return untouched ? fillRegion(template, region) : endpoint;
}

/** The values a provider starts with; `local` has none of the S3 fields. */
export function presetFor(kind: StorageKind) {
  if (kind === 'local') return { endpoint: '', region: '', pathStyle: false };
  const preset = STORAGE_PROVIDER_PRESETS[kind];
  return {
    endpoint: fillRegion(preset.endpoint, preset.region),
    region: preset.region,
    pathStyle: preset.path_style,
  };
}

/** The first `{placeholder}` in a text, with its position, for selecting it in the input. */
export function findPlaceholder(text: string): { start: number; end: number } | null {
  const match = PLACEHOLDER.exec(text);
  return match ? { start: match.index, end: match.index + match[0].length } : null;
}

export function emptyStorageForm(kind: StorageKind = 'aws'): StorageFormValues {
  return {
    kind,
    name: '',
    ...presetFor(kind),
    bucket: '',
    accessKeyId: '',
    secretAccessKey: '',
    defaultFolder: '',
    hostFolder: '',
    customHost: '',
    urlExpirySeconds: URL_EXPIRY_DEFAULT_SECONDS,
    capacity: '',
    capacityUnit: 'GB',
    allowApiKeys: true,
    directDownloads: false,
  };
}

/** Bytes in the largest unit that shows them exactly in two decimals: 2 TB, 1.5 GB. */
export function capacityInUnits(bytes: number): { value: number; unit: CapacityUnit } {
  for (const unit of ['TB', 'GB'] as const) {
    const value = bytes / CAPACITY_UNIT_BYTES[unit];
    if (value >= 1 && Number.isInteger(value * 100)) return { value, unit };
  }
  return { value: Math.round((bytes / CAPACITY_UNIT_BYTES.MB) * 100) / 100, unit: 'MB' };
}

export function storageFormFrom(config: StorageConfig): StorageFormValues {
  const capacity =
    config.total_capacity_bytes === null ? null : capacityInUnits(config.total_capacity_bytes);
  return {
    kind: config.storage_type === 'local' ? 'local' : (config.provider ?? 'other'),
    name: config.name,
    endpoint: config.endpoint,
    region: config.region,
    bucket: config.bucket,
    accessKeyId: config.access_key_id,
    secretAccessKey: '',
    pathStyle: config.path_style,
    defaultFolder: config.default_folder,
    hostFolder: config.root_path ?? '',
    customHost: config.custom_host,
    urlExpirySeconds: config.url_expiry_seconds,
    capacity: capacity?.value ?? '',
    capacityUnit: capacity?.unit ?? 'GB',
    allowApiKeys: config.allow_api_keys,
    directDownloads: config.direct_downloads,
  };
}

const isHttpUrl = (text: string) => {
  try {
    return /^https?:$/.test(new URL(text).protocol);
  } catch {
    return false;
  }
};

/** The folder as the server stores it (no leading slash); null when it is not a valid path. */
export function normalizeFolder(folder: string): string | null {
  try {
    return normalizePath(folder.trim()).slice(1);
  } catch {
    return null;
  }
}

/** Whole seconds; null when the field holds anything else. */
function parseWhole(value: string | number): number | null {
  const text = String(value).trim();
  return /^\d+$/.test(text) ? Number(text) : null;
}

/** The capacity in bytes: undefined when invalid, null when empty (no limit). */
export function capacityBytes(values: Pick<StorageFormValues, 'capacity' | 'capacityUnit'>) {
  const text = String(values.capacity).trim();
  if (text === '') return null;
  const amount = Number(text);
  if (!Number.isFinite(amount) || amount <= 0) return undefined;
  const bytes = Math.round(amount * CAPACITY_UNIT_BYTES[values.capacityUnit]);
  return bytes >= 1 && Number.isSafeInteger(bytes) ? bytes : undefined;
}

function urlError(text: string): StorageFormError | undefined {
  if (text === '') return undefined;
  const placeholder = PLACEHOLDER.exec(text);
  if (placeholder) {
    return {
      key: 'storageConfig.form.errors.placeholder',
      params: { placeholder: placeholder[0] },
    };
  }
  return isHttpUrl(text) ? undefined : { key: 'storageConfig.form.errors.urlInvalid' };
}

/** The download host stands in for scheme, host and port only (as the server checks). */
function originError(text: string): StorageFormError | undefined {
  if (text === '' || isBareOrigin(text)) return undefined;
  return { key: 'storageConfig.form.errors.originOnly' };
}

export function validateStorageForm(
  values: StorageFormValues,
  mode: 'create' | 'edit',
): StorageFormErrors {
  const errors: StorageFormErrors = {};
  const name = values.name.trim();
  if (name === '') {
    errors.name = { key: 'storageConfig.form.errors.nameRequired' };
  } else if (name.length > NAME_MAX_LENGTH) {
    errors.name = { key: 'storageConfig.form.errors.tooLong', params: { max: NAME_MAX_LENGTH } };
  }

  if (values.kind !== 'local') {
    const endpointText = values.endpoint.trim();
    const endpoint: StorageFormError | undefined =
      endpointText === '' && needsEndpoint(values.kind)
        ? { key: 'storageConfig.form.errors.endpointRequired' }
        : urlError(endpointText);
    if (endpoint) errors.endpoint = endpoint;

    const region = values.region.trim();
    const regionPlaceholder = PLACEHOLDER.exec(region);
    if (region === '') {
      errors.region = { key: 'storageConfig.form.errors.regionRequired' };
    } else if (region.length > REGION_MAX_LENGTH) {
      errors.region = {
        key: 'storageConfig.form.errors.tooLong',
        params: { max: REGION_MAX_LENGTH },
      };
    } else if (regionPlaceholder) {
      errors.region = {
        key: 'storageConfig.form.errors.placeholder',
        params: { placeholder: regionPlaceholder[0] },
      };
    }

    const bucket = values.bucket.trim();
    if (bucket === '') {
      errors.bucket = { key: 'storageConfig.form.errors.bucketRequired' };
    } else if (bucket.length < 3 || bucket.length > 63) {
      errors.bucket = { key: 'storageConfig.form.errors.bucketLength' };
    } else if (!BUCKET_PATTERN.test(bucket)) {
      errors.bucket = { key: 'storageConfig.form.errors.bucketPattern' };
    }

    const accessKeyId = values.accessKeyId.trim();
    if (accessKeyId === '') {
      errors.accessKeyId = { key: 'storageConfig.form.errors.accessKeyIdRequired' };
    } else if (accessKeyId.length > ACCESS_KEY_ID_MAX_LENGTH) {
      errors.accessKeyId = {
        key: 'storageConfig.form.errors.tooLong',
        params: { max: ACCESS_KEY_ID_MAX_LENGTH },
      };
    }

    // Editing: an empty secret keeps the stored one.
    if (values.secretAccessKey === '' && mode === 'create') {
      errors.secretAccessKey = { key: 'storageConfig.form.errors.secretRequired' };
    } else if (values.secretAccessKey.length > SECRET_MAX_LENGTH) {
      errors.secretAccessKey = {
        key: 'storageConfig.form.errors.tooLong',
        params: { max: SECRET_MAX_LENGTH },
      };
    }
  }

  const hostFolder = values.hostFolder.trim();
  if (values.kind === 'local' && hostFolder !== '' && !hostFolder.startsWith('/')) {
    errors.hostFolder = { key: 'storageConfig.form.errors.hostFolderAbsolute' };
  }
  if (normalizeFolder(values.defaultFolder) === null) {
    errors.defaultFolder = { key: 'storageConfig.form.errors.folderInvalid' };
  }
  const customHost = urlError(values.customHost.trim()) ?? originError(values.customHost.trim());
  if (customHost) errors.customHost = customHost;

  const expiry = parseWhole(values.urlExpirySeconds);
  if (expiry === null || expiry < URL_EXPIRY_MIN_SECONDS || expiry > URL_EXPIRY_MAX_SECONDS) {
    errors.urlExpirySeconds = {
      key: 'storageConfig.form.errors.urlExpiryInvalid',
      params: { min: URL_EXPIRY_MIN_SECONDS, max: URL_EXPIRY_MAX_SECONDS },
    };
  }

  if (capacityBytes(values) === undefined) {
    errors.capacity = { key: 'storageConfig.form.errors.capacityInvalid' };
  }
  return errors;
}

/** Call only with values that passed validateStorageForm. */
export function toCreateStorageRequest(values: StorageFormValues): CreateStorageConfigRequest {
  const common = {
    name: values.name.trim(),
    default_folder: normalizeFolder(values.defaultFolder) ?? '',
    custom_host: values.customHost.trim(),
    url_expiry_seconds: parseWhole(values.urlExpirySeconds) ?? URL_EXPIRY_DEFAULT_SECONDS,
    total_capacity_bytes: capacityBytes(values) ?? null,
    allow_api_keys: values.allowApiKeys,
  };
  if (values.kind === 'local') {
    return { ...common, storage_type: 'local', root_path: values.hostFolder.trim() || null };
  }
  return {
    ...common,
    storage_type: 's3',
    provider: values.kind,
    endpoint: values.endpoint.trim(),
    region: values.region.trim(),
    bucket: values.bucket.trim(),
    access_key_id: values.accessKeyId.trim(),
    secret_access_key: values.secretAccessKey,
    path_style: values.pathStyle,
    direct_downloads: values.directDownloads,
  };
}

/** Only the fields that changed; an empty object means nothing to save. */
export function toUpdateStorageRequest(
  values: StorageFormValues,
  original: StorageConfig,
): UpdateStorageConfigRequest {
  const changes: UpdateStorageConfigRequest = {};
  const name = values.name.trim();
  if (name !== original.name) changes.name = name;
  const folder = normalizeFolder(values.defaultFolder) ?? original.default_folder;
  if (folder !== original.default_folder) changes.default_folder = folder;
  const customHost = values.customHost.trim();
  if (customHost !== original.custom_host) changes.custom_host = customHost;
  const expiry = parseWhole(values.urlExpirySeconds);
  if (expiry !== null && expiry !== original.url_expiry_seconds) {
    changes.url_expiry_seconds = expiry;
  }
  // The form shows the stored bytes rounded to two decimals: unchanged text is no change.
  const shown = storageFormFrom(original);
  const capacityEdited =
    String(values.capacity).trim() !== String(shown.capacity) ||
    (values.capacityUnit !== shown.capacityUnit && String(values.capacity).trim() !== '');
  const capacity = capacityBytes(values);
  if (capacityEdited && capacity !== undefined && capacity !== original.total_capacity_bytes) {
    changes.total_capacity_bytes = capacity;
  }
  if (values.allowApiKeys !== original.allow_api_keys) changes.allow_api_keys = values.allowApiKeys;

  const rootPath = values.hostFolder.trim() || null;
  if (original.storage_type === 'local' && rootPath !== original.root_path) {
    changes.root_path = rootPath;
  }

  if (original.storage_type === 's3' && values.kind !== 'local') {
    if (values.kind !== original.provider) changes.provider = values.kind;
    const endpoint = values.endpoint.trim();
    if (endpoint !== original.endpoint) changes.endpoint = endpoint;
    const region = values.region.trim();
    if (region !== original.region) changes.region = region;
    const bucket = values.bucket.trim();
    if (bucket !== original.bucket) changes.bucket = bucket;
    const accessKeyId = values.accessKeyId.trim();
    if (accessKeyId !== original.access_key_id) changes.access_key_id = accessKeyId;
    if (values.secretAccessKey !== '') changes.secret_access_key = values.secretAccessKey;
    if (values.pathStyle !== original.path_style) changes.path_style = values.pathStyle;
    if (values.directDownloads !== original.direct_downloads) {
      changes.direct_downloads = values.directDownloads;
    }
  }
  return changes;
}
