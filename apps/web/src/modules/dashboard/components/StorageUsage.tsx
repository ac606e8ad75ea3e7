import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { DashboardStorage } from '@sharebin/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CapacityBar, StorageTypeBadge, storageDisplayName } from '../../storage';
import { formatCount } from '../dashboard.format';

/** Each storage: what its shares hold against its capacity ("no limit" without one). */
export function StorageUsage({ storage }: { storage: DashboardStorage[] }) {
  const { t, i18n } = useTranslation();
  return (
    <Card p={{ base: 'sm', sm: 'lg' }} h="100%" data-testid="dashboard-storage">
      <Group justify="space-between" mb="md">
        <Title order={4}>{t('dashboard.storage.title')}</Title>
        <Anchor component={Link} to="/admin/storage-config" size="sm">
          {t('dashboard.storage.manage')}
        </Anchor>
      </Group>
      {storage.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('dashboard.storage.empty')}
        </Text>
      ) : (
        <Stack gap="md">
          {storage.map((config) => (
            <Stack key={config.id} gap={6} data-testid="dashboard-storage-row">
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Group gap={6} wrap="nowrap" miw={0}>
                  <Text size="sm" fw={600} truncate="end">
                    {storageDisplayName(config)}
                  </Text>
                  <StorageTypeBadge type={config.storage_type} />
                </Group>
                <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
                  {t('dashboard.storage.files', {
                    count: config.files,
                    formatted: formatCount(config.files, i18n.language),
                  })}
                </Text>
              </Group>
              <CapacityBar
                config={{
                  used_bytes: config.used_bytes,
                  total_capacity_bytes: config.capacity_bytes,
                }}
                width="100%"
              />
            </Stack>
          ))}
        </Stack>
      )}
    </Card>
  );
}
