import type { StorageConfig, UpdateStorageConfigRequest } from '@sharebin/shared';
import type { StorageFormErrors, StorageFormValues } from './storage-common.form';

/** The local part of the storage form: which folder of the server it serves. */

type LocalFormValues = Pick<StorageFormValues, 'hostFolder'>;

/** Empty: the server's data folder. */
const rootPathOf = (values: LocalFormValues) => values.hostFolder.trim() || null;

export const emptyLocalFields = (): LocalFormValues => ({ hostFolder: '' });

export const localFieldsFrom = (config: StorageConfig): LocalFormValues => ({
  hostFolder: config.root_path ?? '',
});

/** The host folder, when given, is an absolute path on the server. */
export function validateLocalFields(values: LocalFormValues): StorageFormErrors {
  const hostFolder = values.hostFolder.trim();
  return hostFolder !== '' && !hostFolder.startsWith('/')
    ? { hostFolder: { key: 'storageConfig.form.errors.hostFolderAbsolute' } }
    : {};
}

/** Call only with values that passed validateLocalFields. */
export const localCreateFields = (values: LocalFormValues) => ({
  storage_type: 'local' as const,
  root_path: rootPathOf(values),
});

/** The host folder, when it changed. */
export function localChanges(
  values: LocalFormValues,
  original: StorageConfig,
): UpdateStorageConfigRequest {
  const rootPath = rootPathOf(values);
  return rootPath !== original.root_path ? { root_path: rootPath } : {};
}
