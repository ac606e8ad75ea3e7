import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { DashboardStats } from '@sharebin/shared';
import { IconChecklist } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatRelative } from '../../../app/format';
import { taskPanel } from '../../tasks';
import { formatCount } from '../dashboard.format';

/** Jobs waiting and running, how long the oldest has waited, and the way to the task manager. */
export function JobQueue({ jobs }: { jobs: DashboardStats['jobs'] }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return (
    <Card p={{ base: 'sm', sm: 'lg' }} h="100%" data-testid="dashboard-jobs">
      <Title order={4} mb="md">
        {t('dashboard.jobs.title')}
      </Title>
      <SimpleGrid cols={2} spacing="sm">
        {(['pending', 'running'] as const).map((state) => (
          <Stack key={state} gap={0}>
            <Text size="xs" c="dimmed">
              {t(`dashboard.jobs.${state}`)}
            </Text>
            <Text
              fw={700}
              fz={26}
              lh={1.2}
              style={{ fontVariantNumeric: 'tabular-nums' }}
              data-testid={`dashboard-jobs-${state}`}
            >
              {formatCount(jobs[state], language)}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
      <Text size="sm" c="dimmed" mt="sm">
        {jobs.oldest_pending_at
          ? t('dashboard.jobs.oldest', {
              time: formatRelative(jobs.oldest_pending_at, language),
            })
          : t('dashboard.jobs.idle')}
      </Text>
      <Group mt="md">
        <Button
          variant="light"
          size="xs"
          leftSection={<IconChecklist size={16} />}
          onClick={() => taskPanel.set(true)}
        >
          {t('dashboard.jobs.open')}
        </Button>
      </Group>
    </Card>
  );
}
