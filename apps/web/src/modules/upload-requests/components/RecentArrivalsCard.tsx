import { Button, Card, Group, Title } from '@mantine/core';
import { hasPermission } from '@sharebin/shared';
import { IconInbox } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toPrincipal, useAuth } from '../../auth';
import { useRecentArrivals } from '../upload-requests.hooks';
import { ArrivalRows } from './ArrivalRows';

/** The dashboard's card shows this many of the latest files. */
const RECENT_COUNT = 5;

/**
 * The files that arrived lately through the caller's upload requests, with the way to the
 * requests. Nothing at all when none arrived, or for a session that cannot have requests.
 */
export function RecentArrivalsCard() {
  const { t } = useTranslation();
  const allowed = hasPermission(toPrincipal(useAuth()), 'mount');
  const recent = useRecentArrivals(RECENT_COUNT, allowed);
  const arrivals = recent.data?.items ?? [];
  if (!allowed || arrivals.length === 0) return null;
  return (
    <Card p={{ base: 'sm', sm: 'lg' }} data-testid="dashboard-recent-arrivals">
      <Group justify="space-between" gap="xs" mb="md">
        <Title order={4}>{t('uploadRequests.recent.title')}</Title>
        <Button
          component={Link}
          to="/admin/file-management?tab=requests"
          variant="subtle"
          size="xs"
          leftSection={<IconInbox size={16} />}
        >
          {t('uploadRequests.recent.manage')}
        </Button>
      </Group>
      <ArrivalRows arrivals={arrivals} />
    </Card>
  );
}
