import { Alert, Text } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../app/format';
import { useCachedDataTime } from './use-cached-data-time';

/** Says that what the page shows is a copy from the offline cache, and from when (SPEC §7). */
export function CachedDataNotice() {
  const { t, i18n } = useTranslation();
  const savedAt = useCachedDataTime();
  if (savedAt === null) {
    return null;
  }
  const time = formatDateTime(new Date(savedAt).toISOString(), i18n.language);
  return (
    <Alert
      color="yellow"
      variant="light"
      radius={0}
      py={8}
      icon={<IconCloudOff size={18} />}
      role="status"
      data-testid="cached-data-notice"
    >
      <Text size="sm" fw={500} span>
        {t('offlineCache.notice', { time })}
      </Text>{' '}
      <Text size="sm" c="dimmed" span>
        {t('offlineCache.noticeHint')}
      </Text>
    </Alert>
  );
}
