import { Card, Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import type { DashboardStats } from '@sharebin/shared';
import { type Icon, IconDatabase, IconFiles, IconFileText, IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../dashboard.format';

const CARDS: {
  key: keyof DashboardStats['counts'];
  label: 'pastes' | 'fileShares' | 'apiKeys' | 'storageConfigs';
  icon: Icon;
  color: string;
}[] = [
  { key: 'pastes', label: 'pastes', icon: IconFileText, color: 'blue' },
  { key: 'file_shares', label: 'fileShares', icon: IconFiles, color: 'teal' },
  { key: 'api_keys', label: 'apiKeys', icon: IconKey, color: 'grape' },
  { key: 'storage_configs', label: 'storageConfigs', icon: IconDatabase, color: 'orange' },
];

/** The four totals, big enough to read at a glance. */
export function StatCards({ counts }: { counts: DashboardStats['counts'] }) {
  const { t, i18n } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'sm', sm: 'md' }}>
      {CARDS.map(({ key, label, icon: CardIcon, color }) => (
        <Card key={key} p={{ base: 'sm', sm: 'md' }} data-testid={`dashboard-count-${key}`}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Text size="sm" c="dimmed" fw={500} lh={1.3}>
              {t(`dashboard.counts.${label}`)}
            </Text>
            <ThemeIcon variant="light" color={color} size="lg" radius="md">
              <CardIcon size={20} stroke={1.7} />
            </ThemeIcon>
          </Group>
          <Text
            fz={{ base: 24, sm: 30 }}
            fw={700}
            lh={1.1}
            mt="xs"
            style={{ fontVariantNumeric: 'tabular-nums' }}
            data-testid="dashboard-count-value"
          >
            {formatCount(counts[key], i18n.language)}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
