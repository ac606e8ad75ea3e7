import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useRouteError } from 'react-router';
import { OfflinePage } from '../pwa/OfflinePage';
import { isOfflineRouteError, useOfflineRouteToast } from '../pwa/offline-route-error';

/**
 * Shown when a route throws: offline with nothing cached for it, the offline page and its
 * toast (SPEC §2); otherwise typically a lazily loaded chunk that failed to download.
 */
export function RouteError() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const offline = isOfflineRouteError(useRouteError());
  useOfflineRouteToast(pathname, offline);
  if (offline) return <OfflinePage />;
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="md" maw={420} ta="center">
        <ThemeIcon size={56} radius="xl" color="red" variant="light">
          <IconAlertTriangle size={30} stroke={1.6} />
        </ThemeIcon>
        <Title order={3}>{t('app.pageLoadFailed')}</Title>
        <Text c="dimmed" size="sm">
          {t('errors.serverNotResponding')}
        </Text>
        <Button leftSection={<IconRefresh size={16} />} onClick={() => window.location.reload()}>
          {t('common.reload')}
        </Button>
      </Stack>
    </Center>
  );
}
