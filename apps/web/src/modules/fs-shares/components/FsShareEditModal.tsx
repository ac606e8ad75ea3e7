import { Code, Group, Stack, Text } from '@mantine/core';
import { ERROR_CODES, type FsShare, fsShareUpdateRequestSchema } from '@sharebin/shared';
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
import { useUpdateFsShare } from '../fs-shares.hooks';
import { FsShareKindIcon } from './FsShareKindIcon';

/** Edits a share of a mounted path: its link and limits; the file or folder never changes. */
export function FsShareEditModal({ share, ...modal }: { share: FsShare | null } & ModalState) {
  const { t } = useTranslation();
  const update = useUpdateFsShare();
  const form = useEditForm({
    source: share,
    opened: modal.opened,
    toValues: shareSettingsFrom,
    fieldOf: shareFieldOf,
    validate: (values) =>
      schemaFieldErrors(
        fsShareUpdateRequestSchema,
        shareSettingsCandidate(values),
        SHARE_SETTINGS_FIELDS,
        shareIssueMessages((key, params) => t(`fsShares.form.${key}`, params)),
      ),
    serverErrors: (error) =>
      serverFieldErrors(error, SHARE_SETTINGS_FIELDS, { [ERROR_CODES.fsShareSlugTaken]: 'slug' }),
  });

  return (
    <ShareEditModal
      ns="fsShares"
      form={form}
      changes={shareSettingsChanges}
      update={update}
      {...modal}
      autoFocusSlug
    >
      {() =>
        form.original && (
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <FsShareKindIcon kind={form.original.kind} name={form.original.name} />
            <Stack gap={2} miw={0}>
              <Text size="sm" fw={500} style={{ wordBreak: 'break-word' }}>
                {form.original.name}
              </Text>
              <Code fz="xs" style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>
                {form.original.path}
              </Code>
            </Stack>
          </Group>
        )
      }
    </ShareEditModal>
  );
}
