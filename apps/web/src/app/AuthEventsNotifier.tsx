import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { showAuthNotices } from './auth-notices';
import { notifyWarning } from './notify';

/**
 * Tells the user when the server ended their session (SPEC §4 events). Mounted after the
 * notifications: the notices that came before then (at start-up) are shown on mount.
 */
export function AuthEventsNotifier() {
  const { t } = useTranslation();
  useEffect(
    () =>
      showAuthNotices((notice) =>
        notifyWarning(
          notice === 'adminSessionExpired'
            ? t('errors.adminSessionExpired')
            : t('errors.apiKeyInvalid'),
          t('auth.sessionExpiredTitle'),
        ),
      ),
    [t],
  );
  return null;
}
