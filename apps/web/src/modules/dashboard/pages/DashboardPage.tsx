import '@mantine/charts/styles.css';
import { Card, Grid, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../app/format';
import { ModuleHeader } from '../../admin';
import { LoadFailed, RefreshButton } from '../../management';
import { RecentArrivalsCard } from '../../upload-requests';
import { ActivityChart } from '../components/ActivityChart';
import { CacheRates } from '../components/CacheRates';
import { JobQueue } from '../components/JobQueue';
import { StatCards } from '../components/StatCards';
import { StorageUsage } from '../components/StorageUsage';
import { useDashboardStats } from '../dashboard.hooks';

/** The dashboard's shape in grey while the numbers load. */
function DashboardSkeleton() {
  const cards = ['pastes', 'files', 'keys', 'storage'];
  return (
    <Stack gap="md" data-testid="dashboard-loading">
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'sm', sm: 'md' }}>
        {cards.map((name) => (
          <Card key={name} p="md">
            <Skeleton h={14} w="60%" />
            <Skeleton h={30} w="40%" mt="md" />
          </Card>
        ))}
      </SimpleGrid>
      <Card p="lg">
        <Skeleton h={18} w={140} />
        <Skeleton h={240} mt="lg" />
      </Card>
    </Stack>
  );
}

/** The dashboard module (admin only, SPEC's default module): the server at a glance. */
export default function DashboardPage() {
  const { t, i18n } = useTranslation();
  const stats = useDashboardStats();
  const data = stats.data;
  return (
    <>
      <ModuleHeader
        title={t('admin.moduleNames.dashboard')}
        description={t('admin.moduleDescriptions.dashboard')}
        actions={<RefreshButton query={stats} />}
      />
      {stats.isPending ? (
        <DashboardSkeleton />
      ) : stats.isError && !data ? (
        <LoadFailed query={stats} title={t('dashboard.loadFailed')} />
      ) : data ? (
        <Stack gap="md" data-testid="dashboard">
          <StatCards counts={data.counts} />
          <Grid gutter="md">
            <Grid.Col span={{ base: 12, md: 8 }}>
              <ActivityChart days={data.activity} timeZone={data.time_zone} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <StorageUsage storage={data.storage} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 8 }}>
              <CacheRates caches={data.caches} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <JobQueue jobs={data.jobs} />
            </Grid.Col>
          </Grid>
          <RecentArrivalsCard />
          <Text size="xs" c="dimmed" ta="right">
            {t('dashboard.updated', { time: formatDateTime(data.generated_at, i18n.language) })}
          </Text>
        </Stack>
      ) : null}
    </>
  );
}
