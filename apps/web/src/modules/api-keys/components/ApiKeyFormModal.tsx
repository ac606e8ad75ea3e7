import {
  Button,
  Chip,
  Group,
  Modal,
  NumberInput,
  Paper,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { CreatedApiKey } from '@sharebin/shared';
import { API_KEY_CUSTOM_MIN_LENGTH, type ApiKey, ERROR_CODES } from '@sharebin/shared';
import { IconFolder, IconKey } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../app/api-client';
import { issueFieldErrors } from '../../../app/error-messages';
import { formatDateTime } from '../../../app/format';
import { notifyError, notifySuccess } from '../../../app/notify';
import {
  type ExpiryChoice,
  emptyKeyForm,
  type KeyFormErrors,
  type KeyFormField,
  type KeyFormValues,
  keyFormFrom,
  toCreateRequest,
  toUpdateRequest,
  validateKeyForm,
} from '../api-keys.form';
import { useCreateApiKey, useUpdateApiKey } from '../api-keys.hooks';

const CREATE_EXPIRY_CHOICES: readonly ExpiryChoice[] = ['1d', '7d', '30d', 'never', 'custom'];
const EDIT_EXPIRY_CHOICES: readonly ExpiryChoice[] = ['keep', ...CREATE_EXPIRY_CHOICES];
const PERMISSIONS = ['text', 'file', 'mount'] as const;

/** Server-side field names in validation details, mapped to the form's fields. */
const SERVER_FIELDS: Record<string, KeyFormField> = {
  name: 'name',
  basic_path: 'basicPath',
  custom_key: 'customKey',
  expires_at: 'customDays',
};

export type ApiKeyFormModalProps =
  | {
      mode: 'create';
      opened: boolean;
      onClose: () => void;
      onCreated: (key: CreatedApiKey) => void;
    }
  | { mode: 'edit'; opened: boolean; onClose: () => void; apiKey: ApiKey | null };

/** Server messages per field, from a 400's zod issues or a 409 on a custom key. */
function serverFieldErrors(error: unknown): Partial<Record<KeyFormField, string>> {
  if (!isApiError(error)) {
    return {};
  }
  if (error.code === ERROR_CODES.apiKeyConflict) {
    return { customKey: error.message };
  }
  return issueFieldErrors(error, SERVER_FIELDS);
}

export function ApiKeyFormModal(props: ApiKeyFormModalProps) {
  const { t, i18n } = useTranslation();
  const fullScreen = useMediaQuery('(max-width: 36em)', false, {
    getInitialValueInEffect: false,
  });
  const createKey = useCreateApiKey();
  const updateKey = useUpdateApiKey();
  const original = props.mode === 'edit' ? props.apiKey : null;
  const [values, setValues] = useState<KeyFormValues>(emptyKeyForm);
  const [errors, setErrors] = useState<KeyFormErrors>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<KeyFormField, string>>>({});

  // A fresh form each time the modal opens.
  useEffect(() => {
    if (props.opened) {
      setValues(original ? keyFormFrom(original) : emptyKeyForm());
      setErrors({});
      setServerErrors({});
    }
  }, [props.opened, original]);

  const set = <K extends keyof KeyFormValues>(field: K, value: KeyFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setServerErrors((current) => ({ ...current, [field]: undefined }));
  };

  const errorText = (field: KeyFormField) => {
    const error = errors[field];
    return error ? t(error.key, error.params) : serverErrors[field];
  };

  const pending = createKey.isPending || updateKey.isPending;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateKeyForm(values, props.mode);
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
      createKey.mutate(toCreateRequest(values), {
        onSuccess: (created) => {
          notifySuccess(t('apiKeys.notifications.created', { name: created.name }));
          props.onCreated(created);
        },
        onError,
      });
      return;
    }
    if (!original) {
      return;
    }
    const changes = toUpdateRequest(values, original);
    if (Object.keys(changes).length === 0) {
      notifySuccess(t('apiKeys.form.nothingChanged'));
      props.onClose();
      return;
    }
    updateKey.mutate(
      { id: original.id, changes },
      {
        onSuccess: (updated) => {
          notifySuccess(t('apiKeys.notifications.updated', { name: updated.name }));
          props.onClose();
        },
        onError,
      },
    );
  };

  const expiryChoices = props.mode === 'create' ? CREATE_EXPIRY_CHOICES : EDIT_EXPIRY_CHOICES;
  const currentExpiry = original
    ? original.expires_at
      ? formatDateTime(original.expires_at, i18n.language)
      : t('apiKeys.never')
    : null;

  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={
        <Text fw={700} fz="lg">
          {props.mode === 'create' ? t('apiKeys.form.createTitle') : t('apiKeys.form.editTitle')}
        </Text>
      }
      size="lg"
      fullScreen={fullScreen}
      closeOnClickOutside={!pending}
    >
      <form onSubmit={submit} noValidate data-testid="api-key-form">
        <Stack gap="lg">
          <TextInput
            label={t('apiKeys.form.name')}
            placeholder={t('apiKeys.form.namePlaceholder')}
            value={values.name}
            onChange={(event) => set('name', event.currentTarget.value)}
            error={errorText('name')}
            required
            data-autofocus
            maxLength={200}
          />

          <Stack gap={6}>
            <Text size="sm" fw={500}>
              {t('apiKeys.form.expiry')}
            </Text>
            {currentExpiry && (
              <Text size="xs" c="dimmed">
                {t('apiKeys.form.currentExpiry', { value: currentExpiry })}
              </Text>
            )}
            <Chip.Group
              multiple={false}
              value={values.expiry}
              onChange={(value) => set('expiry', value as ExpiryChoice)}
            >
              <Group gap={8} role="radiogroup" aria-label={t('apiKeys.form.expiry')}>
                {expiryChoices.map((choice) => (
                  <Chip key={choice} value={choice} type="radio" size="sm" variant="light">
                    {t(`apiKeys.form.expiryPresets.${choice}`)}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
            {values.expiry === 'custom' && (
              <NumberInput
                label={t('apiKeys.form.customDays')}
                placeholder={t('apiKeys.form.customDaysPlaceholder')}
                value={values.customDays}
                onChange={(value) => set('customDays', value)}
                error={errorText('customDays')}
                allowDecimal={false}
                allowNegative={false}
                min={1}
                // Report 0 as invalid instead of silently turning it into 1.
                clampBehavior="none"
                required
                maw={240}
                mt={4}
              />
            )}
            {values.expiry !== 'custom' && errorText('customDays') && (
              <Text size="xs" c="red">
                {errorText('customDays')}
              </Text>
            )}
          </Stack>

          <Stack gap={6}>
            <Text size="sm" fw={500}>
              {t('apiKeys.form.permissions')}
            </Text>
            <Paper withBorder p="md" radius="md">
              <Stack gap="md">
                {PERMISSIONS.map((permission) => (
                  <Switch
                    key={permission}
                    label={t(`permissions.${permission}`)}
                    description={t(`apiKeys.form.permissionDescriptions.${permission}`)}
                    checked={values[permission]}
                    onChange={(event) => set(permission, event.currentTarget.checked)}
                    data-testid={`permission-${permission}`}
                  />
                ))}
                {values.mount && (
                  <Switch
                    ml={{ base: 'md', xs: 'xl' }}
                    size="sm"
                    label={t('apiKeys.form.mountReadOnly')}
                    description={t('apiKeys.form.mountReadOnlyDescription')}
                    checked={values.mountReadOnly}
                    onChange={(event) => set('mountReadOnly', event.currentTarget.checked)}
                    data-testid="permission-mount-read-only"
                  />
                )}
              </Stack>
            </Paper>
          </Stack>

          <TextInput
            label={t('apiKeys.form.basePath')}
            description={t('apiKeys.form.basePathDescription')}
            leftSection={<IconFolder size={16} stroke={1.7} />}
            value={values.basicPath}
            onChange={(event) => set('basicPath', event.currentTarget.value)}
            error={errorText('basicPath')}
            spellCheck={false}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />

          {props.mode === 'create' && (
            <Stack gap="sm">
              <Switch
                label={t('apiKeys.form.customKey')}
                description={t('apiKeys.form.customKeyDescription')}
                checked={values.useCustomKey}
                onChange={(event) => set('useCustomKey', event.currentTarget.checked)}
                data-testid="use-custom-key"
              />
              {values.useCustomKey && (
                <TextInput
                  label={t('apiKeys.form.customKeyValue')}
                  placeholder={t('apiKeys.form.customKeyPlaceholder', {
                    min: API_KEY_CUSTOM_MIN_LENGTH,
                  })}
                  leftSection={<IconKey size={16} stroke={1.7} />}
                  value={values.customKey}
                  onChange={(event) => set('customKey', event.currentTarget.value)}
                  error={errorText('customKey')}
                  autoComplete="off"
                  spellCheck={false}
                  required
                  styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                />
              )}
            </Stack>
          )}

          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={props.onClose} disabled={pending}>
              {t('apiKeys.form.cancel')}
            </Button>
            <Button type="submit" loading={pending}>
              {props.mode === 'create'
                ? t('apiKeys.form.submitCreate')
                : t('apiKeys.form.submitEdit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
