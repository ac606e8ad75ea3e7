import { AreaChart, BarChart } from '@mantine/charts';
import { Card, Group, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ActivityMetric, DashboardDay } from '@sharebin/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../shared/format-bytes';
import { formatCount, formatDay } from '../dashboard.format';

type ChartView = 'shares' | 'traffic' | 'bytes';

/** Which metrics each view charts, and in which colours (readable on light and dark). */
const VIEWS: Record<ChartView, { metric: ActivityMetric; color: string }[]> = {
  shares: [
    { metric: 'pastes_created', color: 'blue.6' },
    { metric: 'files_created', color: 'teal.6' },
  ],
  traffic: [
    { metric: 'views', color: 'indigo.5' },
    { metric: 'uploads', color: 'orange.6' },
  ],
  bytes: [
    { metric: 'bytes_in', color: 'cyan.6' },
    { metric: 'bytes_out', color: 'grape.5' },
  ],
};

/** Seven days of activity (the admin's days), one view at a time, with each series' total. */
export function ActivityChart({ days, timeZone }: { days: DashboardDay[]; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const [view, setView] = useState<ChartView>('shares');
  const language = i18n.language;
  const lastIndex = days.length - 1;
  const data = days.map((day, index) => ({
    ...day,
    label: index === lastIndex ? t('dashboard.activity.today') : formatDay(day.date, language),
  }));
  const series = VIEWS[view].map(({ metric, color }) => ({
    name: metric,
    label: t(`dashboard.activity.metrics.${metric}`),
    color,
  }));
  const isBytes = view === 'bytes';
  const format = (value: number) =>
    isBytes ? formatBytes(value, language, { largestUnit: 'TB' }) : formatCount(value, language);
  const quiet = days.every((day) =>
    Object.values(VIEWS).every((metrics) => metrics.every(({ metric }) => day[metric] === 0)),
  );

  return (
    <Card p={{ base: 'sm', sm: 'lg' }} h="100%" data-testid="dashboard-activity">
      <Group justify="space-between" align="flex-start" gap="sm" mb="md">
        <Stack gap={2}>
          <Title order={4}>{t('dashboard.activity.title')}</Title>
          <Text size="xs" c="dimmed">
            {t('dashboard.activity.timeZone', { zone: timeZone })}
          </Text>
        </Stack>
        <SegmentedControl
          size="xs"
          w={{ base: '100%', xs: 'auto' }}
          value={view}
          onChange={(value) => setView(value as ChartView)}
          data={(['shares', 'traffic', 'bytes'] as const).map((value) => ({
            value,
            label: t(`dashboard.activity.views.${value}`),
          }))}
          data-testid="dashboard-activity-view"
        />
      </Group>
      <SimpleGrid cols={2} spacing="sm" mb="md">
        {VIEWS[view].map(({ metric, color }) => (
          <Stack key={metric} gap={0} data-testid={`dashboard-total-${metric}`}>
            <Group gap={6} wrap="nowrap">
              <span
                aria-hidden
                style={{
                  width: 10,
                  height: 10,
                  borderRadius: 3,
                  flex: 'none',
                  background: `var(--mantine-color-${color.replace('.', '-')})`,
                }}
              />
              <Text size="xs" c="dimmed" truncate="end">
                {t(`dashboard.activity.metrics.${metric}`)}
              </Text>
            </Group>
            <Text fw={700} fz="lg" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {format(days.reduce((sum, day) => sum + day[metric], 0))}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
      <div data-testid="dashboard-chart">
        {isBytes ? (
          <AreaChart
            h={240}
            data={data}
            dataKey="label"
            series={series}
            curveType="monotone"
            valueFormatter={format}
            yAxisProps={{ width: 72 }}
            tickLine="y"
            fillOpacity={0.25}
          />
        ) : (
          <BarChart
            h={240}
            data={data}
            dataKey="label"
            series={series}
            valueFormatter={format}
            yAxisProps={{ allowDecimals: false, width: 48 }}
            tickLine="y"
            barProps={{ radius: [4, 4, 0, 0] }}
            maxBarWidth={28}
          />
        )}
      </div>
      {quiet && (
        <Text size="sm" c="dimmed" ta="center" mt="sm" data-testid="dashboard-activity-empty">
          {t('dashboard.activity.empty')}
        </Text>
      )}
    </Card>
  );
}
