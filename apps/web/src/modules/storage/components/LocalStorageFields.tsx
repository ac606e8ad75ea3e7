import { Alert, TextInput } from '@mantine/core';
import { IconFolder, IconServer } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { mono, type StorageFieldProps } from './storage-field-props';

/** A local storage has no connection to set up: it says where its files live instead. */
export function LocalStorageNote() {
  const { t } = useTranslation();
  return (
    <Alert variant="light" color="teal" icon={<IconServer size={18} />}>
      {t('storageConfig.form.localNote')}
    </Alert>
  );
}

/** Local only: an existing folder of the server to serve; empty: the data folder. */
export function HostFolderField({ values, set, errorOf }: StorageFieldProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('storageConfig.form.hostFolder')}
      description={t('storageConfig.form.hostFolderDescription')}
      placeholder="/srv/shared"
      leftSection={<IconFolder size={16} stroke={1.7} />}
      value={values.hostFolder}
      onChange={(event) => set('hostFolder', event.currentTarget.value)}
      error={errorOf('hostFolder')}
      autoComplete="off"
      spellCheck={false}
      styles={mono}
    />
  );
}
