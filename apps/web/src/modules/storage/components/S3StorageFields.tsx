import { Divider, PasswordInput, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { IconKey, IconWorld } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { findPlaceholder, type StorageKind } from '../storage-common.form';
import { mono, type StorageFieldProps } from './storage-field-props';

/**
 * An S3-compatible storage's connection (endpoint, region, bucket, path style) and credentials.
 * Right after a provider is picked, the endpoint's `{placeholder}` is selected for typing over.
 */
export function S3ConnectionFields({
  values,
  set,
  errorOf,
  setRegion,
  picked,
  isNew,
  secretMasked,
}: StorageFieldProps & {
  /** Region has its own setter: a preset's endpoint follows it. */
  setRegion: (region: string) => void;
  picked: StorageKind | null;
  isNew: boolean;
  /** The stored secret, masked; null for a new storage. */
  secretMasked: string | null;
}) {
  const { t } = useTranslation();
  const endpointRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const input = endpointRef.current;
    if (!picked || !input) return;
    const placeholder = findPlaceholder(input.value);
    if (placeholder) {
      input.focus();
      input.setSelectionRange(placeholder.start, placeholder.end);
    }
  }, [picked]);

  return (
    <>
      <Divider label={t('storageConfig.form.sections.connection')} labelPosition="left" />
      <TextInput
        ref={endpointRef}
        label={t('storageConfig.form.endpoint')}
        description={t(
          values.kind === 'aws'
            ? 'storageConfig.form.endpointDescriptionAws'
            : 'storageConfig.form.endpointDescription',
        )}
        placeholder="https://s3.example.com"
        leftSection={<IconWorld size={16} stroke={1.7} />}
        value={values.endpoint}
        onChange={(event) => set('endpoint', event.currentTarget.value)}
        error={errorOf('endpoint')}
        autoComplete="off"
        spellCheck={false}
        styles={mono}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="lg">
        <TextInput
          label={t('storageConfig.form.region')}
          description={t('storageConfig.form.regionDescription')}
          value={values.region}
          onChange={(event) => setRegion(event.currentTarget.value)}
          error={errorOf('region')}
          required
          autoComplete="off"
          spellCheck={false}
          styles={mono}
        />
        <TextInput
          label={t('storageConfig.form.bucket')}
          description={t('storageConfig.form.bucketDescription')}
          placeholder="my-bucket"
          value={values.bucket}
          onChange={(event) => set('bucket', event.currentTarget.value)}
          error={errorOf('bucket')}
          required
          autoComplete="off"
          spellCheck={false}
          styles={mono}
        />
      </SimpleGrid>
      <Switch
        label={t('storageConfig.form.pathStyle')}
        description={t('storageConfig.form.pathStyleDescription')}
        checked={values.pathStyle}
        onChange={(event) => set('pathStyle', event.currentTarget.checked)}
        data-testid="path-style"
      />

      <Divider label={t('storageConfig.form.sections.credentials')} labelPosition="left" />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="lg">
        <TextInput
          label={t('storageConfig.form.accessKeyId')}
          description={t('storageConfig.form.accessKeyIdDescription')}
          leftSection={<IconKey size={16} stroke={1.7} />}
          value={values.accessKeyId}
          onChange={(event) => set('accessKeyId', event.currentTarget.value)}
          error={errorOf('accessKeyId')}
          required
          autoComplete="off"
          spellCheck={false}
          styles={mono}
        />
        <PasswordInput
          label={t('storageConfig.form.secretAccessKey')}
          description={
            secretMasked ? (
              <span data-testid="secret-masked">
                {t('storageConfig.form.secretStored', { masked: secretMasked })}
              </span>
            ) : (
              t('storageConfig.form.secretDescription')
            )
          }
          placeholder={isNew ? undefined : t('storageConfig.form.secretKeepPlaceholder')}
          value={values.secretAccessKey}
          onChange={(event) => set('secretAccessKey', event.currentTarget.value)}
          error={errorOf('secretAccessKey')}
          required={isNew}
          autoComplete="new-password"
          styles={mono}
        />
      </SimpleGrid>
    </>
  );
}

/** S3 only: share downloads go straight from the bucket by presigned URLs. */
export function DirectDownloadsSwitch({ values, set }: Omit<StorageFieldProps, 'errorOf'>) {
  const { t } = useTranslation();
  return (
    <Switch
      label={t('storageConfig.form.directDownloads')}
      description={t('storageConfig.form.directDownloadsDescription')}
      checked={values.directDownloads}
      onChange={(event) => set('directDownloads', event.currentTarget.checked)}
      data-testid="direct-downloads"
    />
  );
}
