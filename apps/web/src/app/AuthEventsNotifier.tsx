import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { AUTH_EVENTS } from '../modules/auth/auth.store';
import { notifyWarning } from './notify';

/** Tells the user when the server ended their session (SPEC §4 events). */
export function AuthEventsNotifier() {
  const { t } = useTranslation();
  useEffect(() => {
    const onAdminExpired = () =>
      notifyWarning(t('errors.adminSessionExpired'), t('auth.sessionExpiredTitle'));
    const onKeyInvalid = () =>
      notifyWarning(t('errors.apiKeyInvalid'), t('auth.sessionExpiredTitle'));
    window.addEventListener(AUTH_EVENTS.adminTokenExpired, onAdminExpired);
    window.addEventListener(AUTH_EVENTS.apiKeyInvalid, onKeyInvalid);
    return () => {
      window.removeEventListener(AUTH_EVENTS.adminTokenExpired, onAdminExpired);
      window.removeEventListener(AUTH_EVENTS.apiKeyInvalid, onKeyInvalid);
    };
  }, [t]);
  return null;
}
