import type {
  CreateStorageConfigRequest,
  StorageConfig,
  UpdateStorageConfigRequest,
} from '@sharebin/shared';
import {
  emptyLocalFields,
  localChanges,
  localCreateFields,
  localFieldsFrom,
  validateLocalFields,
} from './local-storage.form';
import {
  emptyS3Fields,
  s3Changes,
  s3CreateFields,
  s3FieldsFrom,
  validateS3Fields,
} from './s3-storage.form';
import {
  commonChanges,
  commonCreateFields,
  commonFieldsFrom,
  emptyCommonFields,
  type StorageFormErrors,
  type StorageFormField,
  type StorageFormValues,
  type StorageKind,
  validateCommonFields,
} from './storage-common.form';

/**
 * The whole storage form: the part every storage has (storage-common.form.ts) and the chosen
 * provider's, S3-compatible (s3-storage.form.ts) or local (local-storage.form.ts). Pure
 * functions, so the rules can be read and tested apart from the modal.
 */

/** Server-side field names in validation details, mapped to the form's fields. */
export const STORAGE_FORM_FIELDS: Readonly<Record<string, StorageFormField>> = {
  name: 'name',
  endpoint: 'endpoint',
  region: 'region',
  bucket: 'bucket',
  access_key_id: 'accessKeyId',
  secret_access_key: 'secretAccessKey',
  default_folder: 'defaultFolder',
  root_path: 'hostFolder',
  custom_host: 'customHost',
  url_expiry_seconds: 'urlExpirySeconds',
  total_capacity_bytes: 'capacity',
};

/** The field whose message an edit clears; the provider, switches and unit have none. */
export const storageFieldOf = (key: keyof StorageFormValues): StorageFormField | null =>
  key === 'kind' ||
  key === 'pathStyle' ||
  key === 'capacityUnit' ||
  key === 'allowApiKeys' ||
  key === 'directDownloads'
    ? null
    : key;

export function emptyStorageForm(kind: StorageKind = 'aws'): StorageFormValues {
  return { kind, ...emptyCommonFields(), ...emptyS3Fields(kind), ...emptyLocalFields() };
}

export function storageFormFrom(config: StorageConfig): StorageFormValues {
  return {
    kind: config.storage_type === 'local' ? 'local' : (config.provider ?? 'other'),
    ...commonFieldsFrom(config),
    ...s3FieldsFrom(config),
    ...localFieldsFrom(config),
  };
}

export function validateStorageForm(
  values: StorageFormValues,
  mode: 'create' | 'edit',
): StorageFormErrors {
  const { kind } = values;
  return {
    ...validateCommonFields(values),
    ...(kind === 'local' ? validateLocalFields(values) : validateS3Fields(kind, values, mode)),
  };
}

/** Call only with values that passed validateStorageForm. */
export function toCreateStorageRequest(values: StorageFormValues): CreateStorageConfigRequest {
  const { kind } = values;
  const common = commonCreateFields(values);
  return kind === 'local'
    ? { ...common, ...localCreateFields(values) }
    : { ...common, ...s3CreateFields(kind, values) };
}

/**
 * Only the fields that changed; an empty object means nothing to save. The type is fixed once
 * created: a local storage sends its folder, an S3 one its connection.
 */
export function toUpdateStorageRequest(
  values: StorageFormValues,
  original: StorageConfig,
): UpdateStorageConfigRequest {
  const { kind } = values;
  return {
    ...commonChanges(values, original),
    ...(original.storage_type === 'local' ? localChanges(values, original) : {}),
    ...(original.storage_type === 's3' && kind !== 'local'
      ? s3Changes(kind, values, original)
      : {}),
  };
}
