import { canUseAdminPanel } from '@sharebin/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { SessionCheckOnNavigation, toPrincipal, useAuth } from '../modules/auth';
import { PageLoader } from './layout/PageLoader';

/**
 * SPEC §2 for admin routes: revalidate when the last check is older than five minutes; let an
 * anonymous visitor through (the page shows the sign-in); send a signed-in user who may not
 * use the panel (an API key without text, file or mount permission) to Home.
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  return (
    <>
      <AdminAccess>{children}</AdminAccess>
      <SessionCheckOnNavigation />
    </>
  );
}

/** Who may see the admin pages, once the session is known. */
function AdminAccess({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const auth = useAuth();
  const { search } = useLocation();

  if (!auth.isAuthenticated) {
    return children;
  }
  if (auth.lastValidated === null && !auth.unverified) {
    // Restored credentials not yet confirmed by the server: wait rather than flash the console.
    // With no server to ask (offline), the session is taken as it stands until one answers.
    return <PageLoader label={t('auth.checkingSession')} />;
  }
  if (!canUseAdminPanel(toPrincipal(auth))) {
    return <Navigate to={{ pathname: '/', search }} replace />;
  }
  return children;
}
