import {
  isBareOrigin,
  normalizePath,
  STORAGE_PROVIDERS,
  type StorageConfig,
  type StorageProvider,
  type UpdateStorageConfigRequest,
  URL_EXPIRY_DEFAULT_SECONDS,
  URL_EXPIRY_MAX_SECONDS,
  URL_EXPIRY_MIN_SECONDS,
} from '@sharebin/shared';
import {
  type CapacityUnit,
  capacityBytes,
  capacityChange,
  capacityValuesFrom,
} from './storage-capacity';

/**
 * The storage form's values, and the part every storage has: name, folder, download host, link
 * expiry, capacity and API-key access. The providers' own fields are s3-storage.form.ts and
 * local-storage.form.ts; storage-config.form.ts puts the three together. The rules mirror
 * createStorageConfigRequestSchema and updateStorageConfigRequestSchema in packages/shared.
 */

/** What the provider picker chooses: an S3-compatible provider, or the server's own disk. */
export type StorageKind = StorageProvider | 'local';
export const STORAGE_KINDS: readonly StorageKind[] = [...STORAGE_PROVIDERS, 'local'];

export const NAME_MAX_LENGTH = 100;
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

/** The first `{placeholder}` in a text, with its position, for selecting it in the input. */
export function findPlaceholder(text: string): { start: number; end: number } | null {
  const match = PLACEHOLDER.exec(text);
  return match ? { start: match.index, end: match.index + match[0].length } : null;
}

const isHttpUrl = (text: string) => {
  try {
    return /^https?:$/.test(new URL(text).protocol);
  } catch {
    return false;
  }
};

/** An http(s) address with no `{placeholder}` left in it; empty is no error. */
export function urlError(text: string): StorageFormError | undefined {
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

type CommonFormValues = Pick<
  StorageFormValues,
  | 'name'
  | 'defaultFolder'
  | 'customHost'
  | 'urlExpirySeconds'
  | 'capacity'
  | 'capacityUnit'
  | 'allowApiKeys'
>;

export function emptyCommonFields(): CommonFormValues {
  return {
    name: '',
    defaultFolder: '',
    customHost: '',
    urlExpirySeconds: URL_EXPIRY_DEFAULT_SECONDS,
    capacity: '',
    capacityUnit: 'GB',
    allowApiKeys: true,
  };
}

export function commonFieldsFrom(config: StorageConfig): CommonFormValues {
  return {
    name: config.name,
    defaultFolder: config.default_folder,
    customHost: config.custom_host,
    urlExpirySeconds: config.url_expiry_seconds,
    ...capacityValuesFrom(config.total_capacity_bytes),
    allowApiKeys: config.allow_api_keys,
  };
}

export function validateCommonFields(values: CommonFormValues): StorageFormErrors {
  const errors: StorageFormErrors = {};
  const name = values.name.trim();
  if (name === '') {
    errors.name = { key: 'storageConfig.form.errors.nameRequired' };
  } else if (name.length > NAME_MAX_LENGTH) {
    errors.name = { key: 'storageConfig.form.errors.tooLong', params: { max: NAME_MAX_LENGTH } };
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

/** Call only with values that passed validateCommonFields. */
export function commonCreateFields(values: CommonFormValues) {
  return {
    name: values.name.trim(),
    default_folder: normalizeFolder(values.defaultFolder) ?? '',
    custom_host: values.customHost.trim(),
    url_expiry_seconds: parseWhole(values.urlExpirySeconds) ?? URL_EXPIRY_DEFAULT_SECONDS,
    total_capacity_bytes: capacityBytes(values) ?? null,
    allow_api_keys: values.allowApiKeys,
  };
}

/** Only the fields that changed. */
export function commonChanges(
  values: CommonFormValues,
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
  const capacity = capacityChange(values, original.total_capacity_bytes);
  if (capacity !== undefined) changes.total_capacity_bytes = capacity;
  if (values.allowApiKeys !== original.allow_api_keys) changes.allow_api_keys = values.allowApiKeys;
  return changes;
}
