import { notifications } from '@mantine/notifications';
import { OFFLINE_TOAST_DELAY_MS, OFFLINE_TOAST_DURATION_MS } from '@sharebin/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isOfflineUnavailable } from './offline-error';
import { offlinePageName } from './route-pages';

/** A module script (a lazily loaded page) that could not be fetched. */
function isModuleLoadFailure(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|importing a module script failed|unable to preload|failed to fetch/i.test(
      error.message,
    )
  );
}

/**
 * A route failed because the browser is offline: its data is not in the offline cache, or its
 * code was never downloaded on this device.
 */
export function isOfflineRouteError(error: unknown, online = navigator.onLine): boolean {
  return isOfflineUnavailable(error) || (!online && isModuleLoadFailure(error));
}

/** SPEC §2, §9: "{page} temporarily unavailable", 100 ms after the failure, for 3 s. */
export function useOfflineRouteToast(pathname: string, active: boolean): void {
  const { t } = useTranslation();
  useEffect(() => {
    if (!active) return;
    const page = t(`offline.pages.${offlinePageName(pathname) ?? 'other'}`);
    const timer = window.setTimeout(() => {
      notifications.show({
        id: `offline-route:${pathname}`,
        color: 'orange',
        autoClose: OFFLINE_TOAST_DURATION_MS,
        message: t('offline.toast', { page }),
      });
    }, OFFLINE_TOAST_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [pathname, active, t]);
}
