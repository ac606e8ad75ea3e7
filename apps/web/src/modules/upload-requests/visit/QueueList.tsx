import { ActionIcon, Badge, Group, Progress, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconRefresh, IconTrash, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../shared/format-bytes';
import { failureText, refusalText } from './file-messages';
import type { QueuedFile, QueueStatus } from './file-queue';
import classes from './upload-request-view.module.css';

const STATUS_COLORS: Record<QueueStatus, string> = {
  waiting: 'gray',
  uploading: 'indigo',
  sent: 'teal',
  refused: 'red',
  failed: 'red',
  cancelled: 'gray',
};

/** What the row says under the name: why it was not taken, or the name it was stored under. */
function useRowMessage(item: QueuedFile): { text: string; tone: 'error' | 'note' } | null {
  const { t, i18n } = useTranslation();
  if (item.refusal) return { text: refusalText(t, i18n.language, item.refusal), tone: 'error' };
  if (item.failure && item.status === 'failed') {
    return { text: failureText(t, i18n.language, item.failure), tone: 'error' };
  }
  if (item.stored && item.stored.name !== item.file.name) {
    return {
      text: t('uploadRequests.view.queue.storedAs', { name: item.stored.name }),
      tone: 'note',
    };
  }
  return null;
}

interface RowActions {
  onCancel: (id: string) => void;
  onRetry: (id: string) => void;
  onRemove: (id: string) => void;
  /** The request takes files still: a failed one may go again. */
  canRetry: boolean;
}

function RowButton({
  label,
  icon,
  onClick,
  testId,
}: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  testId: string;
}) {
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="subtle"
        color="gray"
        onClick={onClick}
        aria-label={label}
        data-testid={testId}
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}

function QueueRow({ item, actions }: { item: QueuedFile; actions: RowActions }) {
  const { t, i18n } = useTranslation();
  const message = useRowMessage(item);
  const words = 'uploadRequests.view.queue';
  const going = item.status === 'waiting' || item.status === 'uploading';
  const status =
    item.status === 'uploading'
      ? t(`${words}.uploading`, { percent: item.percent })
      : t(`${words}.${item.status}`);
  return (
    <Stack
      gap={6}
      className={classes.fileRow}
      data-testid="upload-request-file"
      data-name={item.file.name}
      data-status={item.status}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <Stack gap={2} miw={0}>
          <Text size="sm" fw={500} className={classes.fileName}>
            {item.file.name}
          </Text>
          <Text size="xs" c="dimmed">
            {formatBytes(item.file.size, i18n.language)}
          </Text>
        </Stack>
        <Group gap={4} wrap="nowrap">
          <Badge
            variant="light"
            color={STATUS_COLORS[item.status]}
            tt="none"
            data-testid="upload-request-file-status"
          >
            {status}
          </Badge>
          {going && (
            <RowButton
              label={t(`${words}.cancel`)}
              icon={<IconX size={16} />}
              onClick={() => actions.onCancel(item.id)}
              testId="upload-request-file-cancel"
            />
          )}
          {actions.canRetry && (item.status === 'failed' || item.status === 'cancelled') && (
            <RowButton
              label={t(`${words}.retry`)}
              icon={<IconRefresh size={16} />}
              onClick={() => actions.onRetry(item.id)}
              testId="upload-request-file-retry"
            />
          )}
          {!going && item.status !== 'sent' && (
            <RowButton
              label={t(`${words}.remove`)}
              icon={<IconTrash size={16} />}
              onClick={() => actions.onRemove(item.id)}
              testId="upload-request-file-remove"
            />
          )}
        </Group>
      </Group>
      {item.status === 'uploading' && (
        <Progress
          value={item.percent}
          size="sm"
          animated
          aria-label={item.file.name}
          data-testid="upload-request-file-progress"
        />
      )}
      {message && (
        <Text
          size="xs"
          c={message.tone === 'error' ? 'red' : 'dimmed'}
          data-testid="upload-request-file-message"
        >
          {message.text}
        </Text>
      )}
    </Stack>
  );
}

/** The visitor's files, in the order picked, each with how it went (and how many went). */
export function QueueList({
  items,
  title,
  withSummary,
  ...actions
}: { items: readonly QueuedFile[]; title: string; withSummary: boolean } & RowActions) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  const sent = items.filter((item) => item.status === 'sent').length;
  return (
    <Stack gap="xs" data-testid="upload-request-queue">
      <Group justify="space-between" gap="xs">
        <Title order={2} fz="md" c="bright">
          {title}
        </Title>
        {withSummary && (
          <Text size="sm" c="dimmed">
            {t('uploadRequests.view.queue.summary', { done: sent, total: items.length })}
          </Text>
        )}
      </Group>
      {items.map((item) => (
        <QueueRow key={item.id} item={item} actions={actions} />
      ))}
    </Stack>
  );
}
