import { Stack, TextInput } from '@mantine/core';
import type { StorageConfig } from '@sharebin/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  EditModal,
  FormButtons,
  serverFieldErrors,
  useEditForm,
  wordedErrors,
} from '../../management';
import { endpointForRegion, presetFor } from '../s3-storage.form';
import { useCreateStorageConfig, useUpdateStorageConfig } from '../storage.hooks';
import {
  findPlaceholder,
  STORAGE_KINDS,
  type StorageFormValues,
  type StorageKind,
} from '../storage-common.form';
import {
  emptyStorageForm,
  STORAGE_FORM_FIELDS,
  storageFieldOf,
  storageFormFrom,
  toCreateStorageRequest,
  toUpdateStorageRequest,
  validateStorageForm,
} from '../storage-config.form';
import { HostFolderField, LocalStorageNote } from './LocalStorageFields';
import { DirectDownloadsSwitch, S3ConnectionFields } from './S3StorageFields';
import { StorageBehaviourFields } from './StorageBehaviourFields';
import { StorageProviderPicker } from './StorageProviderPicker';

/** What the modal edits: an existing storage, or `new` for one to add. */
export type StorageFormSource = StorageConfig | 'new';

/** Adds a storage or edits one: the provider's own fields between the name and the limits. */
export function StorageConfigFormModal({
  source,
  opened,
  onClose,
  onExited,
}: {
  source: StorageFormSource | null;
  opened: boolean;
  onClose: () => void;
  onExited: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateStorageConfig();
  const update = useUpdateStorageConfig();
  const pending = create.isPending || update.isPending;
  /** The provider just picked: its preset is noted, and its `{placeholder}` selected. */
  const [picked, setPicked] = useState<StorageKind | null>(null);
  const form = useEditForm({
    source,
    opened,
    toValues: (from: StorageFormSource) =>
      from === 'new' ? emptyStorageForm() : storageFormFrom(from),
    fieldOf: storageFieldOf,
    validate: (values: StorageFormValues) =>
      wordedErrors(validateStorageForm(values, source === 'new' ? 'create' : 'edit'), (error) =>
        t(error.key, error.params),
      ),
    serverErrors: (error) => serverFieldErrors(error, STORAGE_FORM_FIELDS),
  });

  const save = (values: StorageFormValues, from: StorageFormSource) => {
    // A create request always has fields, so saveChanges always sends it.
    if (from === 'new') {
      form.saveChanges(toCreateStorageRequest(values), {
        save: (request, done) => create.mutate(request, done),
        nothingChanged: '',
        saved: (created: StorageConfig) =>
          t('storageConfig.notifications.created', { name: created.name }),
        close: onClose,
      });
      return;
    }
    form.saveChanges(toUpdateStorageRequest(values, from), {
      save: (changes, done) => update.mutate({ id: from.id, changes }, done),
      nothingChanged: t('storageConfig.form.nothingChanged'),
      saved: (updated: StorageConfig) =>
        t('storageConfig.notifications.updated', { name: updated.name }),
      close: onClose,
    });
  };

  /** Picking a provider fills in its endpoint, region and path style. */
  const pick = (kind: StorageKind) => {
    form.update(() => ({ kind, ...presetFor(kind) }), ['endpoint', 'region']);
    setPicked(kind);
  };
  /** A preset's `{region}` in the endpoint follows the Region field. */
  const setRegion = (region: string) =>
    form.update(
      (current) => ({
        region,
        endpoint: endpointForRegion(current.kind, current.endpoint, current.region, region),
      }),
      ['region'],
    );

  const { values, original } = form;
  // Until the opening's values are in, the source says which form this is.
  const isNew = (original ?? source) === 'new';
  const isLocal = values?.kind === 'local';
  // The type is fixed once created: an S3 storage may change provider, a local one nothing.
  const kinds = isNew
    ? STORAGE_KINDS
    : STORAGE_KINDS.filter((kind) => (kind === 'local') === isLocal);
  const fields = values && { values, set: form.set, errorOf: form.errorOf };
  return (
    <EditModal
      title={isNew ? t('storageConfig.form.createTitle') : t('storageConfig.form.editTitle')}
      opened={opened}
      onClose={onClose}
      form={form}
      onExited={() => {
        setPicked(null);
        onExited();
      }}
      pending={pending}
      size="xl"
      onSubmit={form.submit(save)}
      testId="storage-form"
    >
      {fields && (
        <Stack gap="lg">
          <StorageProviderPicker
            kinds={kinds}
            kind={fields.values.kind}
            picked={picked}
            presetHasPlaceholder={
              (findPlaceholder(fields.values.endpoint) ?? findPlaceholder(fields.values.region)) !==
              null
            }
            onPick={pick}
          />
          <TextInput
            label={t('common.name')}
            placeholder={t('storageConfig.form.namePlaceholder')}
            value={fields.values.name}
            onChange={(event) => form.set('name', event.currentTarget.value)}
            error={form.errorOf('name')}
            required
            data-autofocus
            maxLength={150}
          />
          {isLocal ? (
            <LocalStorageNote />
          ) : (
            <S3ConnectionFields
              {...fields}
              setRegion={setRegion}
              picked={picked}
              isNew={isNew}
              secretMasked={
                original && original !== 'new' ? original.secret_access_key_masked : null
              }
            />
          )}
          <StorageBehaviourFields
            {...fields}
            providerField={isLocal && <HostFolderField {...fields} />}
            providerSwitch={!isLocal && <DirectDownloadsSwitch {...fields} />}
          />
          <FormButtons
            cancel={t('common.cancel')}
            submit={isNew ? t('storageConfig.form.submitCreate') : t('common.saveChanges')}
            pending={pending}
            onCancel={onClose}
          />
        </Stack>
      )}
    </EditModal>
  );
}
