import { Stack, Switch, TextInput } from '@mantine/core';
import {
  API_KEY_CUSTOM_MIN_LENGTH,
  type ApiKey,
  type CreatedApiKey,
  type UpdateApiKeyRequest,
} from '@sharebin/shared';
import { IconFolder, IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../app/format';
import {
  EditModal,
  FormButtons,
  serverFieldErrors,
  useEditForm,
  wordedErrors,
} from '../../management';
import {
  type ExpiryChoice,
  emptyKeyForm,
  KEY_CODE_FIELDS,
  KEY_FORM_FIELDS,
  type KeyFormValues,
  keyFieldOf,
  keyFormFrom,
  toCreateRequest,
  toUpdateRequest,
  validateKeyForm,
} from '../api-keys.form';
import { useCreateApiKey, useUpdateApiKey } from '../api-keys.hooks';
import { ApiKeyExpiryField } from './ApiKeyExpiryField';
import { ApiKeyPermissionFields } from './ApiKeyPermissionFields';

const CREATE_EXPIRY_CHOICES: readonly ExpiryChoice[] = ['1d', '7d', '30d', 'never', 'custom'];
const EDIT_EXPIRY_CHOICES: readonly ExpiryChoice[] = ['keep', ...CREATE_EXPIRY_CHOICES];
const mono = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } } as const;

/** What the modal edits: an existing key, or `new` for one to create. */
export type ApiKeyFormSource = ApiKey | 'new';

/** Creates a key (handing it to `onCreated`, the one time it is shown) or edits one. */
export function ApiKeyFormModal({
  source,
  opened,
  onClose,
  onExited,
  onCreated,
}: {
  source: ApiKeyFormSource | null;
  opened: boolean;
  onClose: () => void;
  onExited: () => void;
  onCreated: (key: CreatedApiKey) => void;
}) {
  const { t, i18n } = useTranslation();
  const createKey = useCreateApiKey();
  const updateKey = useUpdateApiKey();
  const pending = createKey.isPending || updateKey.isPending;
  const form = useEditForm({
    source,
    opened,
    toValues: (from: ApiKeyFormSource) => (from === 'new' ? emptyKeyForm() : keyFormFrom(from)),
    fieldOf: keyFieldOf,
    validate: (values: KeyFormValues) =>
      wordedErrors(validateKeyForm(values, source === 'new' ? 'create' : 'edit'), (error) =>
        t(error.key, error.params),
      ),
    serverErrors: (error) => serverFieldErrors(error, KEY_FORM_FIELDS, KEY_CODE_FIELDS),
  });

  const save = (values: KeyFormValues, from: ApiKeyFormSource) => {
    // A create request always has fields, so saveChanges always sends it.
    if (from === 'new') {
      form.saveChanges(toCreateRequest(values), {
        save: (request, done) => createKey.mutate(request, done),
        nothingChanged: '',
        saved: (created: CreatedApiKey) =>
          t('apiKeys.notifications.created', { name: created.name }),
        onSaved: onCreated,
        close: onClose,
      });
      return;
    }
    form.saveChanges(toUpdateRequest(values, from), {
      save: (changes: UpdateApiKeyRequest, done) =>
        updateKey.mutate({ id: from.id, changes }, done),
      nothingChanged: t('apiKeys.form.nothingChanged'),
      saved: (updated: ApiKey) => t('apiKeys.notifications.updated', { name: updated.name }),
      close: onClose,
    });
  };

  const { values, original } = form;
  // Until the opening's values are in, the source says which form this is.
  const isNew = (original ?? source) === 'new';
  const currentExpiry =
    original && original !== 'new'
      ? original.expires_at
        ? formatDateTime(original.expires_at, i18n.language)
        : t('common.never')
      : null;
  return (
    <EditModal
      title={isNew ? t('apiKeys.form.createTitle') : t('apiKeys.form.editTitle')}
      opened={opened}
      onClose={onClose}
      form={form}
      onExited={onExited}
      pending={pending}
      size="lg"
      onSubmit={form.submit(save)}
      testId="api-key-form"
    >
      {values && (
        <Stack gap="lg">
          <TextInput
            label={t('common.name')}
            placeholder={t('apiKeys.form.namePlaceholder')}
            value={values.name}
            onChange={(event) => form.set('name', event.currentTarget.value)}
            error={form.errorOf('name')}
            required
            data-autofocus
            maxLength={200}
          />
          <ApiKeyExpiryField
            choices={isNew ? CREATE_EXPIRY_CHOICES : EDIT_EXPIRY_CHOICES}
            currentExpiry={currentExpiry}
            values={values}
            set={form.set}
            error={form.errorOf('customDays')}
          />
          <ApiKeyPermissionFields values={values} set={form.set} />
          <TextInput
            label={t('apiKeys.form.basePath')}
            description={t('apiKeys.form.basePathDescription')}
            leftSection={<IconFolder size={16} stroke={1.7} />}
            value={values.basicPath}
            onChange={(event) => form.set('basicPath', event.currentTarget.value)}
            error={form.errorOf('basicPath')}
            spellCheck={false}
            styles={mono}
          />
          {isNew && (
            <Stack gap="sm">
              <Switch
                label={t('apiKeys.form.customKey')}
                description={t('apiKeys.form.customKeyDescription')}
                checked={values.useCustomKey}
                onChange={(event) => form.set('useCustomKey', event.currentTarget.checked)}
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
                  onChange={(event) => form.set('customKey', event.currentTarget.value)}
                  error={form.errorOf('customKey')}
                  autoComplete="off"
                  spellCheck={false}
                  required
                  styles={mono}
                />
              )}
            </Stack>
          )}
          <FormButtons
            cancel={t('common.cancel')}
            submit={isNew ? t('apiKeys.form.submitCreate') : t('common.saveChanges')}
            pending={pending}
            onCancel={onClose}
          />
        </Stack>
      )}
    </EditModal>
  );
}
