import { ActionIcon, Badge, Group, Progress, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import {
  IconAlertCircle,
  IconCircleCheck,
  IconFile,
  IconLink,
  IconPlayerStop,
  IconRefresh,
  IconX,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../../shared/format-bytes';
import { fileShareUrl } from '../../share/file-share.api';
import type { UploadItem } from '../../upload/use-upload-queue';
import { UploadedShareLink } from './UploadedShareLink';
import classes from './upload.module.css';

const STATUS_COLORS = {
  pending: 'gray',
  uploading: 'indigo',
  success: 'teal',
  error: 'red',
} as const;

/** The row's stage in words: a URL upload says which of its two transfers is running. */
function useStageText(item: UploadItem): string {
  const { t } = useTranslation();
  if (item.status === 'pending') {
    return item.queued ? t('upload.queue.waiting') : t('upload.queue.ready');
  }
  if (item.stage === 'uploading' && item.phase === 'download') return t('upload.stage.downloading');
  if (item.stage === 'uploading' && item.phase === 'upload') return t('upload.stage.toStorage');
  return t(`upload.stage.${item.stage}`);
}

/** One file or address in the queue: its progress, what went wrong, or its share link. */
export function UploadItemRow({
  item,
  onCancel,
  onRetry,
  onRemove,
}: {
  item: UploadItem;
  onCancel: () => void;
  onRetry: () => void;
  onRemove: () => void;
}) {
  const { t, i18n } = useTranslation();
  const bytes = (value: number) => formatBytes(value, i18n.language);
  const stageText = useStageText(item);
  const running = item.status === 'uploading';
  const active = running || item.queued;
  const cancelled = item.status === 'error' && item.cancelled;
  const statusLabel = cancelled
    ? t('upload.status.cancelled')
    : item.refused
      ? t('upload.status.refused')
      : t(`upload.status.${item.status}`);
  // A cancel is the user's own choice: shown neutral, not as a failure.
  const color = cancelled ? 'gray' : STATUS_COLORS[item.status];

  const facts = [
    item.size !== null ? bytes(item.size) : t('upload.queue.sizeUnknown'),
    item.method ? t(`upload.method.${item.method}`) : null,
    item.source.kind === 'url' ? t('upload.queue.fromUrl') : null,
  ].filter(Boolean);

  return (
    <Stack
      gap={8}
      className={classes.row}
      data-testid="upload-item"
      data-status={item.status}
      data-cancelled={cancelled || undefined}
      data-stage={item.stage}
      data-name={item.name}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
          <ThemeIcon
            size={34}
            radius="md"
            variant="light"
            color={color}
            style={{ flexShrink: 0 }}
            data-testid="upload-status-icon"
            data-color={color}
          >
            {item.status === 'success' ? (
              <IconCircleCheck size={19} />
            ) : cancelled ? (
              <IconPlayerStop size={18} />
            ) : item.status === 'error' ? (
              <IconAlertCircle size={19} />
            ) : item.source.kind === 'url' ? (
              <IconLink size={18} />
            ) : (
              <IconFile size={18} />
            )}
          </ThemeIcon>
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} className={classes.name} lineClamp={2}>
              {item.name}
            </Text>
            <Text size="xs" c="dimmed">
              {facts.join(' · ')}
            </Text>
          </Stack>
        </Group>
        <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
          <Badge variant="light" color={color} tt="none" data-testid="upload-status">
            {statusLabel}
          </Badge>
          {active && (
            <Tooltip label={t('common.cancel')}>
              <ActionIcon
                variant="subtle"
                color="red"
                onClick={onCancel}
                aria-label={`${t('common.cancel')}: ${item.name}`}
                data-testid="upload-cancel"
              >
                <IconPlayerStop size={16} />
              </ActionIcon>
            </Tooltip>
          )}
          {item.status === 'error' && !item.refused && (
            <Tooltip label={t('upload.queue.retry')}>
              <ActionIcon
                variant="subtle"
                onClick={onRetry}
                aria-label={`${t('upload.queue.retry')}: ${item.name}`}
                data-testid="upload-retry"
              >
                <IconRefresh size={16} />
              </ActionIcon>
            </Tooltip>
          )}
          {!active && (
            <Tooltip label={t('upload.queue.remove')}>
              <ActionIcon
                variant="subtle"
                color="gray"
                onClick={onRemove}
                aria-label={`${t('upload.queue.remove')}: ${item.name}`}
                data-testid="upload-remove"
              >
                <IconX size={16} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Group>

      {(running || item.queued) && (
        <Stack gap={4}>
          <Progress
            value={item.percent}
            size="sm"
            animated={running}
            striped={running && item.total === null}
            aria-label={`${item.name}: ${item.percent}%`}
            data-testid="upload-progress"
          />
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="xs" c="dimmed" data-testid="upload-stage">
              {stageText}
            </Text>
            <Text size="xs" c="dimmed" ta="right" style={{ whiteSpace: 'nowrap' }}>
              {running && `${item.percent}%`}
              {running &&
                item.speed !== null &&
                ` · ${t('common.speed', { speed: bytes(item.speed) })}`}
            </Text>
          </Group>
        </Stack>
      )}

      {item.status === 'error' && item.error && (
        <Text
          size="xs"
          c={item.cancelled ? 'dimmed' : 'red'}
          data-testid="upload-error"
          style={{ overflowWrap: 'anywhere' }}
        >
          {item.error.describe()}
        </Text>
      )}

      {item.status === 'success' && item.share && (
        <UploadedShareLink url={fileShareUrl(item.share.slug)} testId="upload-share-link" />
      )}
    </Stack>
  );
}
