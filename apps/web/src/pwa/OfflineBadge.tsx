import { Badge, Tooltip } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * SPEC §2, §4: "offline mode" in the header while the browser says it is offline. On a phone
 * the header has no room for the words: the icon stays, with them as its label.
 */
export function OfflineBadge() {
  const { t } = useTranslation();
  const { online } = useNetwork();
  if (online) return null;
  const icon = <IconWifiOff size={14} stroke={2} />;
  return (
    <Tooltip label={t('offline.badgeHint')} multiline w={260}>
      <div>
        <Badge
          visibleFrom="sm"
          color="orange"
          variant="light"
          size="lg"
          leftSection={icon}
          data-testid="offline-badge"
          styles={{ root: { textTransform: 'none' } }}
        >
          {t('offline.badge')}
        </Badge>
        <Badge
          hiddenFrom="sm"
          color="orange"
          variant="light"
          size="lg"
          px={8}
          role="status"
          aria-label={t('offline.badge')}
          data-testid="offline-badge-compact"
        >
          {icon}
        </Badge>
      </div>
    </Tooltip>
  );
}
