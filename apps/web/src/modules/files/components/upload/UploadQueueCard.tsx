import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconClearAll, IconInbox, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { UploadItem } from '../../upload/use-upload-queue';
import { UploadItemRow } from './UploadItemRow';

/** The queue: every file and address added on this page, with the button that starts them. */
export function UploadQueueCard({
  items,
  canStart,
  onStart,
  onStartFirst,
  onCancel,
  onRetry,
  onRemove,
  onClearFinished,
}: {
  items: UploadItem[];
  canStart: boolean;
  onStart: () => void;
  /** Set while the settings fit one file only (a custom suffix): starts the first ready one. */
  onStartFirst: (() => void) | null;
  onCancel: (id: string) => void;
  onRetry: (id: string) => void;
  onRemove: (id: string) => void;
  onClearFinished: () => void;
}) {
  const { t } = useTranslation();
  const ready = items.filter((item) => item.status === 'pending' && !item.queued).length;
  const finished = items.filter((item) => item.status === 'success' || item.status === 'error');

  return (
    <Card p={{ base: 'sm', sm: 'lg' }} data-testid="upload-queue">
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <Text fw={650}>{t('upload.queue.title')}</Text>
            {items.length > 0 && (
              <Badge variant="light" color="gray" radius="xl">
                {items.length}
              </Badge>
            )}
          </Group>
          <Group gap="xs">
            {finished.length > 0 && (
              <Button
                size="xs"
                variant="subtle"
                color="gray"
                leftSection={<IconClearAll size={15} />}
                onClick={onClearFinished}
              >
                {t('common.clearFinished')}
              </Button>
            )}
            {ready > 1 && onStartFirst && (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconUpload size={15} />}
                onClick={onStartFirst}
                disabled={!canStart}
                data-testid="upload-start-first"
              >
                {t('upload.queue.startFirst')}
              </Button>
            )}
            {ready > 0 && (
              <Button
                size="xs"
                leftSection={<IconUpload size={15} />}
                onClick={onStart}
                disabled={!canStart}
                data-testid="upload-start"
              >
                {t('upload.queue.start', { count: ready })}
              </Button>
            )}
          </Group>
        </Group>
        {items.length === 0 ? (
          <Stack align="center" gap={6} py="lg">
            <IconInbox size={30} stroke={1.4} color="var(--mantine-color-dimmed)" />
            <Text size="sm" c="dimmed" ta="center">
              {t('upload.queue.empty')}
            </Text>
          </Stack>
        ) : (
          <Stack gap="xs">
            {items.map((item) => (
              <UploadItemRow
                key={item.id}
                item={item}
                onCancel={() => onCancel(item.id)}
                onRetry={() => onRetry(item.id)}
                onRemove={() => onRemove(item.id)}
              />
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
