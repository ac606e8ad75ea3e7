import { NumberInput, PasswordInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import {
  EXPIRY_OPTIONS,
  PASTE_REMARK_MAX_LENGTH,
  SHARE_PASSWORD_MAX_LENGTH,
  SLUG_MAX_LENGTH,
  type StorageChoice,
} from '@sharebin/shared';
import { IconFolder, IconLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../../shared/format-bytes';
import { storageDisplayName } from '../../../storage';
import type { UploadFormErrors, UploadFormField, UploadFormValues } from '../../upload/upload.form';

export type UploadStorage = Pick<
  StorageChoice,
  'id' | 'name' | 'storage_type' | 'is_default' | 'total_capacity_bytes' | 'used_bytes'
>;

/** The share settings applied to the next uploads (SPEC §3 file share, §5). */
export function UploadSettingsForm({
  values,
  onChange,
  errors,
  storages,
}: {
  values: UploadFormValues;
  onChange: <K extends keyof UploadFormValues>(field: K, value: UploadFormValues[K]) => void;
  errors: UploadFormErrors;
  storages: UploadStorage[];
}) {
  const { t, i18n } = useTranslation();
  const errorText = (field: UploadFormField) => {
    const error = errors[field];
    return error ? t(error.key, error.params) : undefined;
  };

  const storageOptions = storages.map((storage) => {
    const kind = storage.storage_type === 'local' ? t('upload.storage.local') : 'S3';
    const free =
      storage.total_capacity_bytes === null
        ? null
        : t('upload.storage.free', {
            free: formatBytes(
              Math.max(0, storage.total_capacity_bytes - storage.used_bytes),
              i18n.language,
            ),
          });
    return {
      value: storage.id,
      label: [storageDisplayName(storage), kind, free].filter(Boolean).join(' · '),
    };
  });
  const expiryOptions = EXPIRY_OPTIONS.map((option) => ({
    value: option,
    label: t(`editor.expiry.${option}`),
  }));

  return (
    // A form for the password field's sake (browsers expect one); nothing submits it.
    <form onSubmit={(event) => event.preventDefault()} noValidate data-testid="upload-settings">
      <Stack gap="sm">
        {storages.length > 1 && (
          <Select
            label={t('upload.form.storage')}
            data={storageOptions}
            value={values.storageId}
            onChange={(value) => value && onChange('storageId', value)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            data-testid="upload-storage"
          />
        )}
        <TextInput
          label={t('upload.form.path')}
          description={t('upload.form.pathHint')}
          placeholder="/"
          leftSection={<IconFolder size={16} stroke={1.7} />}
          value={values.path}
          onChange={(event) => onChange('path', event.currentTarget.value)}
          error={errorText('path')}
          autoComplete="off"
          spellCheck={false}
        />
        <TextInput
          label={t('upload.form.slug')}
          placeholder={t('upload.form.slugPlaceholder')}
          leftSection={<IconLink size={16} stroke={1.7} />}
          value={values.slug}
          onChange={(event) => onChange('slug', event.currentTarget.value)}
          error={errorText('slug')}
          maxLength={SLUG_MAX_LENGTH + 10}
          autoComplete="off"
          spellCheck={false}
        />
        <PasswordInput
          label={t('upload.form.password')}
          placeholder={t('upload.form.passwordPlaceholder')}
          value={values.password}
          onChange={(event) => onChange('password', event.currentTarget.value)}
          error={errorText('password')}
          maxLength={SHARE_PASSWORD_MAX_LENGTH + 10}
          autoComplete="new-password"
        />
        <SimpleGrid cols={2} spacing="sm">
          <Select
            label={t('upload.form.expiry')}
            description={t('upload.form.expiryHint')}
            data={expiryOptions}
            value={values.expiresIn}
            onChange={(value) =>
              value && onChange('expiresIn', value as UploadFormValues['expiresIn'])
            }
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <NumberInput
            label={t('upload.form.maxViews')}
            description={t('upload.form.maxViewsHint')}
            value={values.maxViews}
            onChange={(value) => onChange('maxViews', value)}
            error={errorText('maxViews')}
            min={0}
            // A minus sign is kept, so that −5 is refused rather than read as 5.
            allowNegative
            allowDecimal={false}
            clampBehavior="none"
          />
        </SimpleGrid>
        <TextInput
          label={t('common.remark')}
          placeholder={t('upload.form.remarkPlaceholder')}
          value={values.remark}
          onChange={(event) => onChange('remark', event.currentTarget.value)}
          error={errorText('remark')}
          maxLength={PASTE_REMARK_MAX_LENGTH + 50}
        />
      </Stack>
    </form>
  );
}
