import { Button, Container } from '@mantine/core';
import { IconChevronDown, IconLayoutSidebar } from '@tabler/icons-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useParams } from 'react-router';
import { PageLoader } from '../../../app/layout/PageLoader';
import { useShell } from '../../../app/layout/shell-context';
import { LoginPage, useAuth } from '../../auth';
import type { AdminModuleId } from '../admin-modules';
import { useAdminModules } from '../use-admin-modules';

/** /admin: the sign-in for visitors, the console frame for signed-in users. */
export default function AdminPage() {
  const auth = useAuth();
  if (!auth.isAuthenticated) {
    return <LoginPage />;
  }
  return <AdminFrame />;
}

function AdminFrame() {
  const { t } = useTranslation();
  const modules = useAdminModules();
  const { module } = useParams();
  const { adminNavOpened, toggleAdminNav } = useShell();
  const current = modules.find((candidate) => candidate.id === module);
  return (
    <Container size="xl" px={{ base: 'md', sm: 'lg', lg: 'xl' }} py={{ base: 'md', sm: 'xl' }}>
      {modules.length > 0 && (
        <Button
          hiddenFrom="sm"
          variant="default"
          fullWidth
          justify="space-between"
          mb="md"
          leftSection={<IconLayoutSidebar size={18} stroke={1.7} />}
          rightSection={
            <IconChevronDown
              size={16}
              style={{ transform: adminNavOpened ? 'rotate(180deg)' : undefined }}
            />
          }
          onClick={toggleAdminNav}
          aria-expanded={adminNavOpened}
          data-testid="admin-nav-toggle"
        >
          {current ? t(`admin.moduleNames.${current.id as AdminModuleId}`) : t('admin.modules')}
        </Button>
      )}
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </Container>
  );
}
