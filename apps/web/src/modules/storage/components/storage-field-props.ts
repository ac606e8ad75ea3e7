import type { SetValue } from '../../management';
import type { StorageFormField, StorageFormValues } from '../storage-common.form';

/** What each part of the storage form reads and edits. */
export interface StorageFieldProps {
  values: StorageFormValues;
  set: SetValue<StorageFormValues>;
  errorOf: (field: StorageFormField) => string | undefined;
}

/** Addresses, keys and folders are read character by character. */
export const mono = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } } as const;
