import { AppShell } from '@mantine/core';
import { useDisclosure, useHotkeys } from '@mantine/hooks';
import { Suspense, useMemo, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AdminNav } from '../../modules/admin/components/AdminNav';
import { useAdminModules } from '../../modules/admin/use-admin-modules';
import { useAuth } from '../../modules/auth';
import { AudioDock } from '../../modules/mount-explorer';
import { CachedDataNotice } from '../../pwa/CachedDataNotice';
import { PwaPrompts } from '../../pwa/PwaPrompts';
import { AppFooter } from './AppFooter';
import { AppHeader } from './AppHeader';
import classes from './layout.module.css';
import { PageLoader } from './PageLoader';
import { ShellContext } from './shell-context';

const HEADER_HEIGHT = 60;

export function AppLayout() {
  const { pathname } = useLocation();
  const auth = useAuth();
  const adminModules = useAdminModules();
  const [menuOpened, menu] = useDisclosure(false);
  const [adminNavOpened, adminNav] = useDisclosure(false);

  // Navigating closes the phone menus: while the new path renders, not in an effect after it.
  const [menusPath, setMenusPath] = useState(pathname);
  if (menusPath !== pathname) {
    setMenusPath(pathname);
    menu.close();
    adminNav.close();
  }

  // Escape closes an open phone menu or drawer, as it closes Mantine's own overlays.
  useHotkeys([
    [
      'Escape',
      () => {
        menu.close();
        adminNav.close();
      },
    ],
  ]);

  const inAdmin = pathname === '/admin' || pathname.startsWith('/admin/');
  const showAdminNav = inAdmin && auth.isAuthenticated && adminModules.length > 0;

  const shell = useMemo(
    () => ({
      adminNavOpened,
      toggleAdminNav: adminNav.toggle,
      closeAdminNav: adminNav.close,
    }),
    [adminNavOpened, adminNav.toggle, adminNav.close],
  );

  return (
    <ShellContext.Provider value={shell}>
      <AppShell
        header={{ height: HEADER_HEIGHT }}
        navbar={
          showAdminNav
            ? { width: 260, breakpoint: 'sm', collapsed: { mobile: !adminNavOpened } }
            : undefined
        }
        padding={0}
      >
        <AppShell.Header className={classes.header}>
          <AppHeader menuOpened={menuOpened} onToggleMenu={menu.toggle} onCloseMenu={menu.close} />
        </AppShell.Header>
        {showAdminNav && (
          <AppShell.Navbar>
            <AdminNav modules={adminModules} onNavigate={adminNav.close} onClose={adminNav.close} />
          </AppShell.Navbar>
        )}
        <AppShell.Main className={classes.main}>
          <CachedDataNotice />
          <div className={classes.content}>
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          </div>
          <AppFooter />
          <AudioDock />
        </AppShell.Main>
      </AppShell>
      <PwaPrompts />
    </ShellContext.Provider>
  );
}
