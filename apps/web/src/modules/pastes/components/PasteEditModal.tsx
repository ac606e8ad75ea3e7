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
  ShareEditModal,
  type ShareSettingsValues,
  shareSettingsChanges,
  useShareEditForm,
} from '../../management';
import { useManagedPaste, useUpdatePaste } from '../paste-management.hooks';

/** What a paste's form edits besides the settings every share has. */
interface PasteContent {
  content: string;
  format: PasteFormat;
}

/** Only the fields that changed; an empty object means nothing to save. */
function pasteChanges(values: ShareSettingsValues & PasteContent, original: Paste) {
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
  const form = useShareEditForm({
    // Filled from the newest copy of the paste, not from a refetch still on its way.
    source: detail.data && !detail.isFetching ? detail.data : null,
    opened: modal.opened,
    schema: updatePasteRequestSchema,
    slugTakenCode: ERROR_CODES.pasteSlugTaken,
    own: {
      valuesOf: (source: Paste): PasteContent => ({
        content: source.content,
        format: source.format,
      }),
      // A format's messages show on the content, the field the two share.
      fieldOf: { content: 'content', format: 'content' },
      candidate: ({ content, format }) => ({ content, format }),
      fields: { content: 'content' },
      message: () => t('textManagement.form.contentRequired'),
      codeFields: {
        [ERROR_CODES.pasteTooLarge]: 'content',
        [ERROR_CODES.payloadTooLarge]: 'content',
      },
    },
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
