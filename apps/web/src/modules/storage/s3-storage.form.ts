import {
  needsEndpoint,
  STORAGE_PROVIDER_PRESETS,
  type StorageConfig,
  type StorageProvider,
  type UpdateStorageConfigRequest,
} from '@sharebin/shared';
import {
  findPlaceholder,
  type StorageFormError,
  type StorageFormErrors,
  type StorageFormValues,
  type StorageKind,
  urlError,
} from './storage-common.form';

/** The S3-compatible part of the storage form: the provider presets, connection and keys. */

export const REGION_MAX_LENGTH = 64;
export const ACCESS_KEY_ID_MAX_LENGTH = 256;
export const SECRET_MAX_LENGTH = 512;
const BUCKET_PATTERN = /^[a-z0-9][a-z0-9.-]+[a-z0-9]$/;

type S3FormValues = Pick<
  StorageFormValues,
  | 'endpoint'
  | 'region'
  | 'bucket'
  | 'accessKeyId'
  | 'secretAccessKey'
  | 'pathStyle'
  | 'directDownloads'
>;

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

export function emptyS3Fields(kind: StorageKind): S3FormValues {
  return {
    ...presetFor(kind),
    bucket: '',
    accessKeyId: '',
    secretAccessKey: '',
    directDownloads: false,
  };
}

/** A stored storage's S3 fields (a local one's are empty); the secret is never sent back. */
export function s3FieldsFrom(config: StorageConfig): S3FormValues {
  return {
    endpoint: config.endpoint,
    region: config.region,
    bucket: config.bucket,
    accessKeyId: config.access_key_id,
    secretAccessKey: '',
    pathStyle: config.path_style,
    directDownloads: config.direct_downloads,
  };
}

export function validateS3Fields(
  provider: StorageProvider,
  values: S3FormValues,
  mode: 'create' | 'edit',
): StorageFormErrors {
  const errors: StorageFormErrors = {};
  const endpointText = values.endpoint.trim();
  const endpoint: StorageFormError | undefined =
    endpointText === '' && needsEndpoint(provider)
      ? { key: 'storageConfig.form.errors.endpointRequired' }
      : urlError(endpointText);
  if (endpoint) errors.endpoint = endpoint;

  const region = values.region.trim();
  const regionPlaceholder = findPlaceholder(region);
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
      params: { placeholder: region.slice(regionPlaceholder.start, regionPlaceholder.end) },
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
  return errors;
}

/** Call only with values that passed validateS3Fields. */
export function s3CreateFields(provider: StorageProvider, values: S3FormValues) {
  return {
    storage_type: 's3' as const,
    provider,
    endpoint: values.endpoint.trim(),
    region: values.region.trim(),
    bucket: values.bucket.trim(),
    access_key_id: values.accessKeyId.trim(),
    secret_access_key: values.secretAccessKey,
    path_style: values.pathStyle,
    direct_downloads: values.directDownloads,
  };
}

/** Only the fields that changed; an empty secret keeps the stored one. */
export function s3Changes(
  provider: StorageProvider,
  values: S3FormValues,
  original: StorageConfig,
): UpdateStorageConfigRequest {
  const changes: UpdateStorageConfigRequest = {};
  if (provider !== original.provider) changes.provider = provider;
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
  return changes;
}
