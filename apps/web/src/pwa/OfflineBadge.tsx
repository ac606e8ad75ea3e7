import { Badge, Tooltip } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** SPEC §2, §4: "offline mode" in the header while the browser says it is offline. */
export function OfflineBadge() {
  const { t } = useTranslation();
  const { online } = useNetwork();
  if (online) return null;
  return (
    <Tooltip label={t('offline.badgeHint')} multiline w={260}>
      <Badge
        color="orange"
        variant="light"
        size="lg"
        radius="sm"
        leftSection={<IconWifiOff size={14} stroke={2} />}
        data-testid="offline-badge"
        aria-label={t('offline.badge')}
        styles={{ root: { flexShrink: 0, textTransform: 'none' } }}
      >
        {t('offline.badge')}
      </Badge>
    </Tooltip>
  );
}
