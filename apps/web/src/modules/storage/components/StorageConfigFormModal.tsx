import {
  Alert,
  Button,
  Divider,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  PasswordInput,
  Radio,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  type StorageConfig,
  URL_EXPIRY_MAX_SECONDS,
  URL_EXPIRY_MIN_SECONDS,
} from '@sharebin/shared';
import { IconFolder, IconInfoCircle, IconKey, IconServer, IconWorld } from '@tabler/icons-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../app/api-client';
import { issueFieldErrors } from '../../../app/error-messages';
import { notifyError, notifySuccess } from '../../../app/notify';
import { useCreateStorageConfig, useUpdateStorageConfig } from '../storage.hooks';
import { durationParts } from '../storage.utils';
import {
  CAPACITY_UNITS,
  type CapacityUnit,
  emptyStorageForm,
  endpointForRegion,
  findPlaceholder,
  presetFor,
  STORAGE_KINDS,
  type StorageFormErrors,
  type StorageFormField,
  type StorageFormValues,
  type StorageKind,
  storageFormFrom,
  toCreateStorageRequest,
  toUpdateStorageRequest,
  validateStorageForm,
} from '../storage-config.form';
import { ProviderIcon } from './StorageBadges';

/** Server-side field names in validation details, mapped to the form's fields. */
const SERVER_FIELDS: Record<string, StorageFormField> = {
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

function serverFieldErrors(error: unknown): Partial<Record<StorageFormField, string>> {
  if (!isApiError(error)) return {};
  return issueFieldErrors(error, SERVER_FIELDS);
}

const mono = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } } as const;

export type StorageConfigFormModalProps =
  | { mode: 'create'; opened: boolean; onClose: () => void }
  | { mode: 'edit'; opened: boolean; onClose: () => void; config: StorageConfig | null };

export function StorageConfigFormModal(props: StorageConfigFormModalProps) {
  const { t } = useTranslation();
  const fullScreen = useMediaQuery('(max-width: 36em)', false, {
    getInitialValueInEffect: false,
  });
  const create = useCreateStorageConfig();
  const update = useUpdateStorageConfig();
  const original = props.mode === 'edit' ? props.config : null;
  const [values, setValues] = useState<StorageFormValues>(() => emptyStorageForm());
  const [errors, setErrors] = useState<StorageFormErrors>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<StorageFormField, string>>>({});
  /** The provider just picked, so the endpoint's `{placeholder}` can be selected for typing. */
  const [picked, setPicked] = useState<StorageKind | null>(null);
  const endpointRef = useRef<HTMLInputElement>(null);

  // A fresh form each time the modal opens.
  useEffect(() => {
    if (props.opened) {
      setValues(original ? storageFormFrom(original) : emptyStorageForm());
      setErrors({});
      setServerErrors({});
      setPicked(null);
    }
  }, [props.opened, original]);

  useEffect(() => {
    const input = endpointRef.current;
    if (!picked || !input) return;
    const placeholder = findPlaceholder(input.value);
    if (placeholder) {
      input.focus();
      input.setSelectionRange(placeholder.start, placeholder.end);
    }
  }, [picked]);

  const set = <K extends keyof StorageFormValues>(field: K, value: StorageFormValues[K]) => {
    setValues((current) => ({
      ...current,
      [field]: value,
      // A preset's `{region}` in the endpoint follows the Region field.
      ...(field === 'region'
        ? {
            endpoint: endpointForRegion(
              current.kind,
              current.endpoint,
              current.region,
              String(value),
            ),
          }
        : {}),
    }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setServerErrors((current) => ({ ...current, [field]: undefined }));
  };

  /** Picking a provider fills in its endpoint, region and path style. */
  const pick = (kind: StorageKind) => {
    setValues((current) => ({ ...current, kind, ...presetFor(kind) }));
    setErrors((current) => ({ ...current, endpoint: undefined, region: undefined }));
    setServerErrors({});
    setPicked(kind);
  };

  const errorText = (field: StorageFormField) => {
    const error = errors[field];
    return error ? t(error.key, error.params) : serverErrors[field];
  };

  const pending = create.isPending || update.isPending;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateStorageForm(values, props.mode);
    setErrors(found);
    setServerErrors({});
    if (Object.keys(found).length > 0) {
      return;
    }
    const onError = (error: unknown) => {
      setServerErrors(serverFieldErrors(error));
      notifyError(error);
    };
    if (props.mode === 'create') {
      create.mutate(toCreateStorageRequest(values), {
        onSuccess: (created) => {
          notifySuccess(t('storageConfig.notifications.created', { name: created.name }));
          props.onClose();
        },
        onError,
      });
      return;
    }
    if (!original) {
      return;
    }
    const changes = toUpdateStorageRequest(values, original);
    if (Object.keys(changes).length === 0) {
      notifySuccess(t('storageConfig.form.nothingChanged'));
      props.onClose();
      return;
    }
    update.mutate(
      { id: original.id, changes },
      {
        onSuccess: (updated) => {
          notifySuccess(t('storageConfig.notifications.updated', { name: updated.name }));
          props.onClose();
        },
        onError,
      },
    );
  };

  const isLocal = values.kind === 'local';
  // The type is fixed once created: an S3 storage may change provider, a local one nothing.
  const kinds =
    props.mode === 'create'
      ? STORAGE_KINDS
      : STORAGE_KINDS.filter((kind) => (kind === 'local') === isLocal);
  const placeholder = findPlaceholder(values.endpoint) ?? findPlaceholder(values.region);
  const expiry = Number(values.urlExpirySeconds);
  const expiryParts =
    Number.isInteger(expiry) && expiry > 0
      ? durationParts(expiry)
      : ({ unit: 'second', count: 0 } as const);

  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={
        <Text fw={700} fz="lg">
          {props.mode === 'create'
            ? t('storageConfig.form.createTitle')
            : t('storageConfig.form.editTitle')}
        </Text>
      }
      size="xl"
      fullScreen={fullScreen}
      closeOnClickOutside={!pending}
    >
      <form onSubmit={submit} noValidate data-testid="storage-form">
        <Stack gap="lg">
          {kinds.length > 1 ? (
            <Radio.Group
              value={values.kind}
              onChange={(value) => pick(value as StorageKind)}
              label={t('storageConfig.form.provider')}
              description={t('storageConfig.form.providerDescription')}
            >
              <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" mt="xs">
                {kinds.map((kind) => (
                  <Radio.Card
                    key={kind}
                    value={kind}
                    radius="md"
                    p="xs"
                    aria-label={t(`storageConfig.providers.${kind}`)}
                    data-testid={`provider-${kind}`}
                    style={
                      values.kind === kind
                        ? {
                            borderColor: 'var(--mantine-primary-color-filled)',
                            background: 'var(--mantine-primary-color-light)',
                          }
                        : undefined
                    }
                  >
                    <Group gap="xs" wrap="nowrap">
                      <ProviderIcon kind={kind} size={28} />
                      <Text size="sm" fw={500} lh={1.2}>
                        {t(`storageConfig.providers.${kind}`)}
                      </Text>
                    </Group>
                  </Radio.Card>
                ))}
              </SimpleGrid>
            </Radio.Group>
          ) : (
            <Group gap="sm" wrap="nowrap">
              <ProviderIcon kind={values.kind} />
              <Stack gap={0}>
                <Text size="sm" fw={600}>
                  {t(`storageConfig.providers.${values.kind}`)}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('storageConfig.form.typeFixed')}
                </Text>
              </Stack>
            </Group>
          )}

          {picked && picked !== 'local' && (
            <Alert
              variant="light"
              color={placeholder ? 'yellow' : 'blue'}
              icon={<IconInfoCircle size={18} />}
              data-testid="preset-note"
            >
              {placeholder
                ? t('storageConfig.form.presetFilledPlaceholder', {
                    provider: t(`storageConfig.providers.${picked}`),
                  })
                : t('storageConfig.form.presetFilled', {
                    provider: t(`storageConfig.providers.${picked}`),
                  })}
            </Alert>
          )}

          <TextInput
            label={t('storageConfig.form.name')}
            placeholder={t('storageConfig.form.namePlaceholder')}
            value={values.name}
            onChange={(event) => set('name', event.currentTarget.value)}
            error={errorText('name')}
            required
            data-autofocus
            maxLength={150}
          />

          {isLocal ? (
            <Alert variant="light" color="teal" icon={<IconServer size={18} />}>
              {t('storageConfig.form.localNote')}
            </Alert>
          ) : (
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
                error={errorText('endpoint')}
                autoComplete="off"
                spellCheck={false}
                styles={mono}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="lg">
                <TextInput
                  label={t('storageConfig.form.region')}
                  description={t('storageConfig.form.regionDescription')}
                  value={values.region}
                  onChange={(event) => set('region', event.currentTarget.value)}
                  error={errorText('region')}
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
                  error={errorText('bucket')}
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
                  error={errorText('accessKeyId')}
                  required
                  autoComplete="off"
                  spellCheck={false}
                  styles={mono}
                />
                <PasswordInput
                  label={t('storageConfig.form.secretAccessKey')}
                  description={
                    original?.secret_access_key_masked ? (
                      <span data-testid="secret-masked">
                        {t('storageConfig.form.secretStored', {
                          masked: original.secret_access_key_masked,
                        })}
                      </span>
                    ) : (
                      t('storageConfig.form.secretDescription')
                    )
                  }
                  placeholder={
                    props.mode === 'edit'
                      ? t('storageConfig.form.secretKeepPlaceholder')
                      : undefined
                  }
                  value={values.secretAccessKey}
                  onChange={(event) => set('secretAccessKey', event.currentTarget.value)}
                  error={errorText('secretAccessKey')}
                  required={props.mode === 'create'}
                  autoComplete="new-password"
                  styles={mono}
                />
              </SimpleGrid>
            </>
          )}

          <Divider label={t('storageConfig.form.sections.behaviour')} labelPosition="left" />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="lg">
            {isLocal && (
              <TextInput
                label={t('storageConfig.form.hostFolder')}
                description={t('storageConfig.form.hostFolderDescription')}
                placeholder="/srv/shared"
                leftSection={<IconFolder size={16} stroke={1.7} />}
                value={values.hostFolder}
                onChange={(event) => set('hostFolder', event.currentTarget.value)}
                error={errorText('hostFolder')}
                autoComplete="off"
                spellCheck={false}
                styles={mono}
              />
            )}
            <TextInput
              label={t('storageConfig.form.defaultFolder')}
              description={t('storageConfig.form.defaultFolderDescription')}
              placeholder="uploads/shared"
              leftSection={<IconFolder size={16} stroke={1.7} />}
              value={values.defaultFolder}
              onChange={(event) => set('defaultFolder', event.currentTarget.value)}
              error={errorText('defaultFolder')}
              autoComplete="off"
              spellCheck={false}
              styles={mono}
            />
            <TextInput
              label={t('storageConfig.form.customHost')}
              description={t('storageConfig.form.customHostDescription')}
              placeholder="https://cdn.example.com"
              value={values.customHost}
              onChange={(event) => set('customHost', event.currentTarget.value)}
              error={errorText('customHost')}
              autoComplete="off"
              spellCheck={false}
              styles={mono}
            />
            <NumberInput
              label={t('storageConfig.form.urlExpiry')}
              description={t('storageConfig.form.urlExpiryDescription', {
                min: URL_EXPIRY_MIN_SECONDS,
                max: URL_EXPIRY_MAX_SECONDS,
                human: t(`storageConfig.duration.${expiryParts.unit}`, {
                  count: expiryParts.count,
                }),
              })}
              value={values.urlExpirySeconds}
              onChange={(value) => set('urlExpirySeconds', value)}
              error={errorText('urlExpirySeconds')}
              allowDecimal={false}
              allowNegative={false}
              min={URL_EXPIRY_MIN_SECONDS}
              max={URL_EXPIRY_MAX_SECONDS}
              clampBehavior="none"
              thousandSeparator={false}
              required
            />
            <NumberInput
              label={t('storageConfig.form.capacity')}
              description={t('storageConfig.form.capacityDescription')}
              placeholder={t('storageConfig.form.capacityPlaceholder')}
              value={values.capacity}
              onChange={(value) => set('capacity', value)}
              error={errorText('capacity')}
              allowNegative={false}
              decimalScale={2}
              clampBehavior="none"
              rightSectionWidth={76}
              rightSection={
                <NativeSelect
                  data={[...CAPACITY_UNITS]}
                  value={values.capacityUnit}
                  onChange={(event) =>
                    set('capacityUnit', event.currentTarget.value as CapacityUnit)
                  }
                  aria-label={t('storageConfig.form.capacityUnit')}
                  variant="unstyled"
                  w={72}
                  rightSectionWidth={24}
                  styles={{
                    input: { fontWeight: 500, paddingInlineStart: 8, paddingInlineEnd: 24 },
                  }}
                  data-testid="capacity-unit"
                />
              }
            />
          </SimpleGrid>
          {values.kind !== 'local' && (
            <Switch
              label={t('storageConfig.form.directDownloads')}
              description={t('storageConfig.form.directDownloadsDescription')}
              checked={values.directDownloads}
              onChange={(event) => set('directDownloads', event.currentTarget.checked)}
              data-testid="direct-downloads"
            />
          )}
          <Switch
            label={t('storageConfig.form.allowApiKeys')}
            description={t('storageConfig.form.allowApiKeysDescription')}
            checked={values.allowApiKeys}
            onChange={(event) => set('allowApiKeys', event.currentTarget.checked)}
            data-testid="allow-api-keys"
          />

          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={props.onClose} disabled={pending}>
              {t('storageConfig.form.cancel')}
            </Button>
            <Button type="submit" loading={pending}>
              {props.mode === 'create'
                ? t('storageConfig.form.submitCreate')
                : t('storageConfig.form.submitEdit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
