import {
  Anchor,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  createMountRequestSchema,
  MOUNT_CACHE_TTL_MAX_S,
  MOUNT_NAME_MAX_LENGTH,
  MOUNT_REINDEX_MAX_MINUTES,
  MOUNT_REINDEX_MIN_MINUTES,
  MOUNT_REMARK_MAX_LENGTH,
  type Mount,
  type StorageChoice,
} from '@sharebin/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  EditModal,
  FormButtons,
  schemaFieldErrors,
  serverFieldErrors,
  useEditForm,
} from '../../management';
import { storageDisplayName } from '../../storage';
import {
  emptyMountForm,
  MOUNT_CODE_FIELDS,
  MOUNT_FORM_FIELDS,
  MOUNT_MESSAGE_LIMITS,
  type MountFormValues,
  mountCandidate,
  mountChanges,
  mountFieldOf,
  mountFormFrom,
  mountIssueMessage,
  REINDEX_PRESETS,
  type ReindexChoice,
  reindexInterval,
  toCreateMountRequest,
} from '../mount.form';
import { useCreateMount, useUpdateMount } from '../mounts.hooks';

/** What the modal edits: an existing mount, or `new` for one to create. */
export type MountFormSource = Mount | 'new';

/** Creates a mount or edits one; the SPEC §5 rules are checked before anything is sent. */
export function MountFormModal({
  source,
  storages,
  opened,
  onClose,
  onExited,
}: {
  source: MountFormSource | null;
  storages: readonly StorageChoice[];
  opened: boolean;
  onClose: () => void;
  onExited: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateMount();
  const update = useUpdateMount();
  const pending = create.isPending || update.isPending;
  const form = useEditForm({
    source,
    opened,
    toValues: (from: MountFormSource) =>
      from === 'new' ? emptyMountForm(storages) : mountFormFrom(from),
    fieldOf: mountFieldOf,
    validate: (values: MountFormValues) =>
      schemaFieldErrors(
        createMountRequestSchema,
        mountCandidate(values, storages),
        MOUNT_FORM_FIELDS,
        (field, issue) => {
          const key = mountIssueMessage(field, issue, values.mountPath);
          return key && t(`mountManagement.form.errors.${key}`, MOUNT_MESSAGE_LIMITS);
        },
      ),
    serverErrors: (error) => serverFieldErrors(error, MOUNT_FORM_FIELDS, MOUNT_CODE_FIELDS),
  });

  const save = (values: MountFormValues, from: MountFormSource) => {
    // A create request always has fields, so saveChanges always sends it.
    if (from === 'new') {
      form.saveChanges(toCreateMountRequest(mountCandidate(values, storages)), {
        save: (request, done) => create.mutate(request, done),
        nothingChanged: '',
        saved: (created: Mount) =>
          t('mountManagement.notifications.created', { path: created.mount_path }),
        close: onClose,
      });
      return;
    }
    form.saveChanges(mountChanges(values, from, storages), {
      save: (changes, done) => update.mutate({ id: from.id, changes }, done),
      nothingChanged: t('mountManagement.form.nothingChanged'),
      saved: (updated: Mount) =>
        t('mountManagement.notifications.updated', { path: updated.mount_path }),
      close: onClose,
    });
  };

  const { values, original } = form;
  const isNew = original === 'new';
  const storageOptions = storages.map((storage) => ({
    value: storage.id,
    label: `${storageDisplayName(storage)} (${t(`storageConfig.types.${storage.storage_type}`)})`,
  }));
  const reindexOptions = [
    { value: 'off', label: t('mountManagement.reindex.off') },
    ...REINDEX_PRESETS.map((minutes) => {
      const { key, count } = reindexInterval(minutes);
      return { value: `${minutes}`, label: t(`mountManagement.reindex.${key}`, { count }) };
    }),
    { value: 'custom', label: t('mountManagement.form.reindexCustom') },
  ];
  const customReindex = values?.reindexEvery === 'custom';
  // A preset fills the custom minutes too, so "Custom" starts from the interval chosen last.
  const chooseReindex = (choice: ReindexChoice) =>
    form.update(
      (current) => ({
        reindexEvery: choice,
        reindexMinutes:
          choice === 'off' || choice === 'custom' ? current.reindexMinutes : Number(choice),
      }),
      ['reindexMinutes'],
    );
  return (
    <EditModal
      title={isNew ? t('mountManagement.form.createTitle') : t('mountManagement.form.editTitle')}
      opened={opened}
      onClose={onClose}
      form={form}
      onExited={onExited}
      pending={pending}
      size="lg"
      onSubmit={form.submit(save)}
      testId="mount-form"
    >
      {values && (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t('common.name')}
              value={values.name}
              onChange={(event) => form.set('name', event.currentTarget.value)}
              error={form.errorOf('name')}
              maxLength={MOUNT_NAME_MAX_LENGTH}
              required
              data-autofocus
            />
            <TextInput
              label={t('mountManagement.form.mountPath')}
              description={t('mountManagement.form.mountPathHint')}
              placeholder="/docs"
              value={values.mountPath}
              onChange={(event) => form.set('mountPath', event.currentTarget.value)}
              error={form.errorOf('mountPath')}
              required
            />
          </SimpleGrid>
          <Select
            label={t('mountManagement.form.storage')}
            description={
              storages.length === 0 ? (
                <Anchor component={Link} to="/admin/storage-config" size="xs">
                  {t('mountManagement.noStorage')}
                </Anchor>
              ) : (
                t('mountManagement.form.storageHint')
              )
            }
            placeholder={t('mountManagement.form.storagePlaceholder')}
            data={storageOptions}
            value={values.storageConfigId || null}
            onChange={(value) => form.set('storageConfigId', value ?? '')}
            error={form.errorOf('storage')}
            allowDeselect={false}
            required
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <NumberInput
              label={t('mountManagement.form.cacheTtl')}
              description={t('mountManagement.form.cacheTtlHint', { max: MOUNT_CACHE_TTL_MAX_S })}
              value={values.cacheTtl}
              onChange={(value) => form.set('cacheTtl', value)}
              error={form.errorOf('cacheTtl')}
              min={0}
              max={MOUNT_CACHE_TTL_MAX_S}
              clampBehavior="none"
              allowDecimal={false}
            />
            <NumberInput
              label={t('mountManagement.form.sortOrder')}
              description={t('mountManagement.form.sortOrderHint')}
              value={values.sortOrder}
              onChange={(value) => form.set('sortOrder', value)}
              error={form.errorOf('sortOrder')}
              clampBehavior="none"
              allowDecimal={false}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Select
              label={t('mountManagement.form.reindex')}
              description={t('mountManagement.form.reindexHint')}
              data={reindexOptions}
              value={values.reindexEvery}
              onChange={(value) => chooseReindex((value ?? 'off') as ReindexChoice)}
              error={customReindex ? undefined : form.errorOf('reindexMinutes')}
              allowDeselect={false}
            />
            {customReindex && (
              <NumberInput
                label={t('mountManagement.form.reindexMinutes')}
                description={t('mountManagement.form.reindexMinutesHint', {
                  min: MOUNT_REINDEX_MIN_MINUTES,
                  max: MOUNT_REINDEX_MAX_MINUTES,
                })}
                value={values.reindexMinutes}
                onChange={(value) => form.set('reindexMinutes', value)}
                error={form.errorOf('reindexMinutes')}
                min={MOUNT_REINDEX_MIN_MINUTES}
                max={MOUNT_REINDEX_MAX_MINUTES}
                clampBehavior="none"
                allowDecimal={false}
              />
            )}
          </SimpleGrid>
          <Textarea
            label={t('common.remark')}
            value={values.remark}
            onChange={(event) => form.set('remark', event.currentTarget.value)}
            error={form.errorOf('remark')}
            maxLength={MOUNT_REMARK_MAX_LENGTH}
            autosize
            minRows={2}
          />
          <Switch
            label={t('mountManagement.form.active')}
            description={t('mountManagement.form.activeHint')}
            checked={values.isActive}
            onChange={(event) => form.set('isActive', event.currentTarget.checked)}
          />
          {!isNew && original && (
            <Text size="xs" c="dimmed">
              {t('mountManagement.form.createdBy', { creator: original.created_by })}
            </Text>
          )}
          <FormButtons
            cancel={t('common.cancel')}
            submit={isNew ? t('mountManagement.create') : t('common.save')}
            pending={pending}
            onCancel={onClose}
          />
        </Stack>
      )}
    </EditModal>
  );
}
