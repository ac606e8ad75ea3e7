import { Card, Group, RingProgress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { DashboardCache } from '@sharebin/shared';
import { useTranslation } from 'react-i18next';
import { formatCount, formatPercent } from '../dashboard.format';

/** Green when most lookups hit, orange when about half do, red below. */
function rateColor(rate: number): string {
  if (rate >= 0.75) return 'teal';
  if (rate >= 0.4) return 'orange';
  return 'red';
}

/** The hit rate of each cache over the seven days, summed across instances. */
export function CacheRates({ caches }: { caches: DashboardCache[] }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return (
    <Card p={{ base: 'sm', sm: 'lg' }} h="100%" data-testid="dashboard-caches">
      <Stack gap={2} mb="md">
        <Title order={4}>{t('dashboard.caches.title')}</Title>
        <Text size="xs" c="dimmed">
          {t('dashboard.caches.hint')}
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, xs: 3, md: 1, lg: 3 }} spacing="sm">
        {caches.map((cache) => {
          const total = cache.hits + cache.misses;
          return (
            <Group
              key={cache.name}
              gap="sm"
              wrap="nowrap"
              data-testid={`dashboard-cache-${cache.name}`}
            >
              <RingProgress
                size={64}
                thickness={7}
                roundCaps
                sections={
                  cache.hit_rate === null
                    ? []
                    : [{ value: cache.hit_rate * 100, color: rateColor(cache.hit_rate) }]
                }
                label={
                  <Text ta="center" size="xs" fw={700}>
                    {cache.hit_rate === null ? '–' : formatPercent(cache.hit_rate, language)}
                  </Text>
                }
              />
              <Stack gap={0} miw={0}>
                <Text size="sm" fw={600} lh={1.3}>
                  {t(`dashboard.caches.names.${cache.name}`)}
                </Text>
                <Text size="xs" c="dimmed">
                  {total === 0
                    ? t('dashboard.caches.noLookups')
                    : t('dashboard.caches.lookups', {
                        count: total,
                        hits: formatCount(cache.hits, language),
                        total: formatCount(total, language),
                      })}
                </Text>
              </Stack>
            </Group>
          );
        })}
      </SimpleGrid>
    </Card>
  );
}
