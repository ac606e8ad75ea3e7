import { ActionIcon, Anchor, Button, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconHistory, IconLock, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCopy } from '../../../../app/clipboard';
import { formatRelative } from '../../../../app/format';
import { formatBytes } from '../../../../shared/format-bytes';
import { fileShareUrl } from '../../share/file-share.api';
import {
  clearRecentUploads,
  type RecentUpload,
  useRecentUploads,
} from '../../upload/recent-uploads';

function RecentUploadRow({ upload }: { upload: RecentUpload }) {
  const { t, i18n } = useTranslation();
  const { copied, copy } = useCopy();
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" data-testid="recent-upload">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Anchor
          component={Link}
          to={`/file/${encodeURIComponent(upload.slug)}`}
          size="sm"
          fw={500}
          truncate="end"
        >
          {upload.filename}
        </Anchor>
        <Group gap={4} wrap="nowrap">
          {upload.has_password && <IconLock size={12} color="var(--mantine-color-dimmed)" />}
          <Text size="xs" c="dimmed" truncate="end">
            {formatBytes(upload.size, i18n.language)} ·{' '}
            {formatRelative(upload.uploaded_at, i18n.language)}
          </Text>
        </Group>
      </Stack>
      <Tooltip label={copied ? t('common.copied') : t('common.copyLink')}>
        <ActionIcon
          variant={copied ? 'light' : 'subtle'}
          color={copied ? 'teal' : 'gray'}
          onClick={() => void copy(fileShareUrl(upload.slug))}
          aria-label={`${t('common.copyLink')}: ${upload.filename}`}
        >
          {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** The last three uploads made in this browser (SPEC §9), kept in local storage. */
export function RecentUploadsCard() {
  const { t } = useTranslation();
  const uploads = useRecentUploads();
  return (
    <Card p="md" data-testid="recent-uploads">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Group gap={6}>
            <IconHistory size={17} stroke={1.7} />
            <Text fw={650} size="sm">
              {t('upload.recent.title')}
            </Text>
          </Group>
          {uploads.length > 0 && (
            <Button
              size="compact-xs"
              variant="subtle"
              color="gray"
              leftSection={<IconTrash size={13} />}
              onClick={clearRecentUploads}
            >
              {t('upload.recent.clear')}
            </Button>
          )}
        </Group>
        {uploads.length === 0 ? (
          <Text size="xs" c="dimmed">
            {t('upload.recent.empty')}
          </Text>
        ) : (
          uploads.map((upload) => <RecentUploadRow key={upload.id} upload={upload} />)
        )}
      </Stack>
    </Card>
  );
}
