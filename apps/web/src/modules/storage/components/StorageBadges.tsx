import {
  Badge,
  type MantineColor,
  type MantineSize,
  Progress,
  Stack,
  Text,
  ThemeIcon,
  Tooltip,
} from '@mantine/core';
import type { StorageConfig } from '@sharebin/shared';
import {
  type Icon,
  IconBrandAws,
  IconBrandCloudflare,
  IconCloud,
  IconCloudComputing,
  IconDatabase,
  IconServer,
  IconStarFilled,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../shared/format-bytes';
import { usedPercent } from '../storage.utils';
import type { StorageKind } from '../storage-common.form';

/** Badges keep their full text: in a table cell they would otherwise shrink. */
export const fullWidth = { root: { flexShrink: 0 }, label: { overflow: 'visible' } } as const;

const KIND_LOOKS: Record<StorageKind, { icon: Icon; color: MantineColor }> = {
  aws: { icon: IconBrandAws, color: 'orange' },
  'cloudflare-r2': { icon: IconBrandCloudflare, color: 'yellow' },
  'backblaze-b2': { icon: IconCloud, color: 'red' },
  minio: { icon: IconDatabase, color: 'pink' },
  'aliyun-oss': { icon: IconCloud, color: 'orange' },
  'tencent-cos': { icon: IconCloud, color: 'blue' },
  other: { icon: IconCloudComputing, color: 'gray' },
  local: { icon: IconServer, color: 'teal' },
};

export const kindOf = (config: Pick<StorageConfig, 'storage_type' | 'provider'>): StorageKind =>
  config.storage_type === 'local' ? 'local' : (config.provider ?? 'other');

export function ProviderIcon({ kind, size = 34 }: { kind: StorageKind; size?: number }) {
  const look = KIND_LOOKS[kind];
  return (
    <ThemeIcon size={size} radius="md" variant="light" color={look.color}>
      <look.icon size={Math.round(size * 0.55)} stroke={1.7} />
    </ThemeIcon>
  );
}

export function StorageTypeBadge({
  type,
  size = 'xs',
}: {
  type: StorageConfig['storage_type'];
  size?: MantineSize;
}) {
  const { t } = useTranslation();
  return (
    <Badge
      size={size}
      variant="light"
      color={type === 'local' ? 'teal' : 'indigo'}
      styles={fullWidth}
      data-testid="storage-type-badge"
    >
      {t(`storageConfig.types.${type}`)}
    </Badge>
  );
}

export function DefaultBadge() {
  const { t } = useTranslation();
  return (
    <Badge
      size="xs"
      variant="filled"
      color="yellow"
      // Dark text on yellow: white on it is unreadable.
      autoContrast
      leftSection={<IconStarFilled size={10} />}
      styles={fullWidth}
      data-testid="default-badge"
    >
      {t('storageConfig.default')}
    </Badge>
  );
}

/** "1.2 GB of 10 GB" over a bar, or the used bytes and "no limit". */
export function CapacityBar({
  config,
  width = 180,
}: {
  config: Pick<StorageConfig, 'used_bytes' | 'total_capacity_bytes'>;
  width?: number | string;
}) {
  const { t, i18n } = useTranslation();
  const used = formatBytes(config.used_bytes, i18n.language, { largestUnit: 'TB' });
  const percent = usedPercent(config);
  if (percent === null || config.total_capacity_bytes === null) {
    return (
      <Stack gap={2} data-testid="storage-capacity">
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {used}
        </Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {t('storageConfig.capacity.unlimited')}
        </Text>
      </Stack>
    );
  }
  const total = formatBytes(config.total_capacity_bytes, i18n.language, { largestUnit: 'TB' });
  let color: MantineColor = 'teal';
  if (percent >= 90) color = 'red';
  else if (percent >= 75) color = 'orange';
  const rounded = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(
    percent,
  );
  return (
    <Tooltip label={t('storageConfig.capacity.percent', { percent: rounded })}>
      <Stack gap={4} w={width} maw="100%" data-testid="storage-capacity">
        <Text size="sm" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
          {t('storageConfig.capacity.usedOf', { used, total })}
        </Text>
        <Progress
          value={Math.max(percent, percent > 0 ? 2 : 0)}
          color={color}
          size="sm"
          radius="xl"
          aria-label={t('storageConfig.capacity.percent', { percent: rounded })}
        />
      </Stack>
    </Tooltip>
  );
}
