import { Box, Button, Code, Divider, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { FileShare } from '@sharebin/shared';
import { IconExternalLink, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../app/format';
import { formatBytes } from '../../../shared/format-bytes';
import { PasswordBadge } from '../../pastes';
import { ShareFact, ShareLinkPanel, SharePreviewModal } from '../../shares';
import { useOwnerContentLinks } from '../file-management.hooks';
import { fileShareUrl } from '../file-management.utils';
import { fileShareApi } from '../share/file-share.api';
import { FileExpiry, FileTypeIcon, FileViews, UploadingBadge } from './FileBadges';
import { FilePreview } from './share/FilePreview';

/** The content as the owner sees it: through owner links, which count no view. */
function OwnerContentPreview({ file }: { file: FileShare }) {
  const { t } = useTranslation();
  const links = useOwnerContentLinks(file);
  if (file.status !== 'live') return null;
  if (links.isPending) return <Skeleton h={160} radius="md" data-testid="owner-preview-loading" />;
  if (links.isError) {
    return (
      <Text size="sm" c="red" data-testid="owner-preview-error">
        {t('fileManagement.previewModal.contentFailed', { message: links.error.message })}
      </Text>
    );
  }
  return (
    <Box data-testid="owner-preview">
      <FilePreview
        file={{
          filename: file.filename,
          mimetype: file.mimetype,
          size: file.size,
          previewUrl: fileShareApi.contentUrl(links.data.preview_url),
          downloadUrl: fileShareApi.contentUrl(links.data.download_url),
        }}
      />
    </Box>
  );
}

/** What the file is and holds (a preview that counts no view), and its link as text and QR code. */
export function FilePreviewModal({
  file,
  storageName,
  opened,
  onClose,
  onExited,
  onEdit,
}: {
  file: FileShare | null;
  storageName: string | undefined;
  opened: boolean;
  onClose: () => void;
  onExited: () => void;
  onEdit: (file: FileShare) => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <SharePreviewModal
      kind="file"
      share={file}
      opened={opened}
      onClose={onClose}
      onExited={onExited}
      onEdit={onEdit}
    >
      {(file, fullScreen) => {
        const url = fileShareUrl(file.slug);
        return (
          <>
            <Paper withBorder radius="md" p="md">
              <Group gap="md" wrap="nowrap" align="flex-start">
                <FileTypeIcon mimetype={file.mimetype} size={52} />
                <Stack gap={4} miw={0}>
                  <Text fw={600} style={{ wordBreak: 'break-word' }} data-testid="preview-filename">
                    {file.filename}
                  </Text>
                  <Group gap="xs" wrap="wrap">
                    <Text size="sm" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                      {file.mimetype}
                    </Text>
                    <Text size="sm" c="dimmed">
                      ·
                    </Text>
                    <Text size="sm" c="dimmed">
                      {formatBytes(file.size, i18n.language)}
                    </Text>
                  </Group>
                  <Group gap={4}>
                    {file.has_password && <PasswordBadge />}
                    {file.status === 'uploading' && <UploadingBadge />}
                  </Group>
                </Stack>
              </Group>
            </Paper>

            <OwnerContentPreview file={file} />

            <ShareLinkPanel
              url={url}
              texts="fileManagement.previewModal"
              testIdPrefix="file"
              fullScreen={fullScreen}
            >
              <Button
                component="a"
                href={url}
                target="_blank"
                rel="noopener noreferrer"
                variant="light"
                leftSection={<IconExternalLink size={16} />}
                w="fit-content"
                data-testid="open-share-page"
              >
                {t('fileManagement.previewModal.openSharePage')}
              </Button>
              <Group gap={6} wrap="nowrap" align="flex-start">
                <IconInfoCircle
                  size={14}
                  stroke={1.8}
                  color="var(--mantine-color-dimmed)"
                  style={{ flexShrink: 0, marginTop: 3 }}
                />
                <Text size="xs" c="dimmed">
                  {t('fileManagement.previewModal.viewHint')}
                </Text>
              </Group>
            </ShareLinkPanel>

            <Divider />
            <Group gap="lg" wrap="wrap" align="flex-start">
              <ShareFact label={t('common.expires')}>
                <FileExpiry file={file} />
              </ShareFact>
              <ShareFact label={t('fileManagement.columns.views')}>
                <FileViews file={file} />
              </ShareFact>
              <ShareFact label={t('fileManagement.columns.storage')}>
                <Text size="sm">{storageName ?? t('fileManagement.unknownStorage')}</Text>
              </ShareFact>
              <ShareFact label={t('fileManagement.previewModal.folder')}>
                <Code fz="xs">{file.path}</Code>
              </ShareFact>
              <ShareFact label={t('fileManagement.columns.created')}>
                <Text size="sm">{formatDateTime(file.created_at, i18n.language)}</Text>
              </ShareFact>
            </Group>
            {file.remark && (
              <ShareFact label={t('common.remark')}>
                <Text size="sm" style={{ wordBreak: 'break-word' }}>
                  {file.remark}
                </Text>
              </ShareFact>
            )}
          </>
        );
      }}
    </SharePreviewModal>
  );
}
