import { Group, Text } from '@mantine/core';
import { ERROR_CODES, type FileShare, updateFileShareRequestSchema } from '@sharebin/shared';
import { useTranslation } from 'react-i18next';
import {
  type ModalState,
  SHARE_SETTINGS_FIELDS,
  ShareEditModal,
  schemaFieldErrors,
  serverFieldErrors,
  shareFieldOf,
  shareIssueMessages,
  shareSettingsCandidate,
  shareSettingsChanges,
  shareSettingsFrom,
  useEditForm,
} from '../../management';
import { useUpdateFile } from '../file-management.hooks';
import { FileTypeIcon } from './FileBadges';

/** Edits a file share's settings; the file itself never changes. */
export function FileEditModal({ file, ...modal }: { file: FileShare | null } & ModalState) {
  const { t } = useTranslation();
  const update = useUpdateFile();
  const form = useEditForm({
    source: file,
    opened: modal.opened,
    toValues: shareSettingsFrom,
    fieldOf: shareFieldOf,
    validate: (values) =>
      schemaFieldErrors(
        updateFileShareRequestSchema,
        shareSettingsCandidate(values),
        SHARE_SETTINGS_FIELDS,
        shareIssueMessages((key, params) => t(`fileManagement.form.${key}`, params)),
      ),
    serverErrors: (error) =>
      serverFieldErrors(error, SHARE_SETTINGS_FIELDS, { [ERROR_CODES.fileSlugTaken]: 'slug' }),
  });

  return (
    <ShareEditModal
      ns="fileManagement"
      form={form}
      changes={shareSettingsChanges}
      update={update}
      {...modal}
      autoFocusSlug
    >
      {() =>
        form.original && (
          <Group gap="sm" wrap="nowrap">
            <FileTypeIcon mimetype={form.original.mimetype} />
            <Text size="sm" fw={500} style={{ wordBreak: 'break-word' }}>
              {form.original.filename}
            </Text>
          </Group>
        )
      }
    </ShareEditModal>
  );
}
