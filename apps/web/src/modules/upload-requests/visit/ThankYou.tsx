import { Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconFile, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../shared/format-bytes';
import type { StoredFile } from './send-file';

/**
 * The end of a visit: what arrived, under the names it was stored as, and a way to send more
 * while the request takes more, or why it takes no more (`closed`).
 */
export function ThankYou({
  folder,
  files,
  next,
}: {
  folder: string;
  files: readonly StoredFile[];
  next: { sendMore: () => void } | { closed: string };
}) {
  const { t, i18n } = useTranslation();
  const words = 'uploadRequests.view.thanks';
  return (
    <Card p={{ base: 'lg', sm: 'xl' }} data-testid="upload-request-thanks">
      <Stack gap="md" align="center" ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" color="teal">
          <IconCircleCheck size={36} stroke={1.5} />
        </ThemeIcon>
        <Title order={2} fz={{ base: 22, sm: 26 }} c="bright">
          {t(`${words}.title`)}
        </Title>
        <Text c="dimmed">{t(`${words}.body`, { count: files.length, name: folder })}</Text>
        <Stack gap={6} w="100%" maw={460} ta="left">
          <Text size="sm" fw={600}>
            {t(`${words}.listTitle`)}
          </Text>
          <Stack gap={8} data-testid="upload-request-sent-list">
            {files.map((file) => (
              <Group key={file.name} gap="xs" wrap="nowrap" data-testid="upload-request-sent">
                <ThemeIcon size={24} radius="xl" variant="light" color="teal">
                  <IconFile size={14} />
                </ThemeIcon>
                <Text size="sm" style={{ overflowWrap: 'anywhere', flex: 1 }}>
                  {file.name}
                </Text>
                <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                  {formatBytes(file.size, i18n.language)}
                </Text>
              </Group>
            ))}
          </Stack>
        </Stack>
        {'sendMore' in next ? (
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={next.sendMore}
            data-testid="upload-request-send-more"
          >
            {t(`${words}.sendMore`)}
          </Button>
        ) : (
          <Text size="sm" c="dimmed" data-testid="upload-request-complete">
            {next.closed}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
