import {
  Group,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import {
  ERROR_CODES,
  type Paste,
  type PasteFormat,
  type PasteSummary,
  type UpdatePasteRequest,
  updatePasteRequestSchema,
} from '@sharebin/shared';
import { useTranslation } from 'react-i18next';
import {
  LoadFailed,
  type ModalState,
  SHARE_SETTINGS_FIELDS,
  ShareEditModal,
  type ShareSettingsField,
  type ShareSettingsValues,
  schemaFieldErrors,
  serverFieldErrors,
  shareFieldOf,
  shareIssueMessages,
  shareSettingsCandidate,
  shareSettingsChanges,
  shareSettingsFrom,
  useEditForm,
} from '../../management';
import { useManagedPaste, useUpdatePaste } from '../paste-management.hooks';

interface PasteFormValues extends ShareSettingsValues {
  content: string;
  format: PasteFormat;
}
type PasteFormField = ShareSettingsField | 'content';

const PASTE_FIELDS: Readonly<Record<string, PasteFormField>> = {
  ...SHARE_SETTINGS_FIELDS,
  content: 'content',
};

const pasteFormFrom = (paste: Paste): PasteFormValues => ({
  ...shareSettingsFrom(paste),
  content: paste.content,
  format: paste.format,
});

/** Only the fields that changed; an empty object means nothing to save. */
function pasteChanges(values: PasteFormValues, original: Paste) {
  const changes: UpdatePasteRequest = {
    ...shareSettingsChanges(values, original),
  };
  // A textarea turns CRLF into LF: that alone is no change to save.
  if (values.content !== original.content.replace(/\r\n?/g, '\n')) changes.content = values.content;
  if (values.format !== original.format) changes.format = values.format;
  return changes;
}

export function PasteEditModal({ paste, ...modal }: { paste: PasteSummary | null } & ModalState) {
  const { t } = useTranslation();
  const detail = useManagedPaste(paste?.id ?? null);
  const update = useUpdatePaste();
  const shareMessages = shareIssueMessages<PasteFormField>((key, params) =>
    t(`textManagement.form.${key}`, params),
  );
  const form = useEditForm({
    // Filled from the newest copy of the paste, not from a refetch still on its way.
    source: detail.data && !detail.isFetching ? detail.data : null,
    opened: modal.opened,
    toValues: pasteFormFrom,
    fieldOf: (key: keyof PasteFormValues): PasteFormField | null =>
      key === 'content' || key === 'format' ? 'content' : shareFieldOf(key),
    validate: (values) =>
      schemaFieldErrors(
        updatePasteRequestSchema,
        { ...shareSettingsCandidate(values), content: values.content, format: values.format },
        PASTE_FIELDS,
        (field, issue) =>
          field === 'content'
            ? t('textManagement.form.contentRequired')
            : shareMessages(field, issue),
      ),
    serverErrors: (error) =>
      serverFieldErrors(error, PASTE_FIELDS, {
        [ERROR_CODES.pasteSlugTaken]: 'slug',
        [ERROR_CODES.pasteTooLarge]: 'content',
        [ERROR_CODES.payloadTooLarge]: 'content',
      }),
  });

  return (
    <ShareEditModal
      ns="textManagement"
      form={form}
      changes={pasteChanges}
      update={update}
      {...modal}
      placeholder={
        detail.isError ? (
          <LoadFailed query={detail} />
        ) : (
          <Stack gap="lg" data-testid="paste-edit-loading">
            <Skeleton h={180} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Skeleton h={56} />
              <Skeleton h={56} />
            </SimpleGrid>
            <Skeleton h={56} />
          </Stack>
        )
      }
    >
      {(values) => (
        <Stack gap={6}>
          <Group justify="space-between" gap="xs" align="flex-end">
            <Text size="sm" fw={500} component="label" htmlFor="paste-edit-content">
              {t('textManagement.form.content')}{' '}
              <Text span c="red" inherit aria-hidden>
                *
              </Text>
            </Text>
            <SegmentedControl
              size="xs"
              value={values.format}
              onChange={(value) => form.set('format', value as PasteFormat)}
              data={[
                { value: 'markdown', label: t('textManagement.formats.markdown') },
                { value: 'text', label: t('textManagement.formats.text') },
              ]}
              aria-label={t('textManagement.form.format')}
            />
          </Group>
          <Textarea
            id="paste-edit-content"
            value={values.content}
            onChange={(event) => form.set('content', event.currentTarget.value)}
            error={form.errorOf('content')}
            autosize
            minRows={8}
            maxRows={12}
            spellCheck={false}
            data-autofocus
            styles={{
              input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 },
            }}
          />
        </Stack>
      )}
    </ShareEditModal>
  );
}
