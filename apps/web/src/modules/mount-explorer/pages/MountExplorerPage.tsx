import { Alert, Button, Center, Container, Text } from '@mantine/core';
import { IconAlertTriangle, IconLogin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { PageLoader } from '../../../app/layout/PageLoader';
import { usePageTitle } from '../../../app/page-title';
import { SessionCheckOnNavigation, SignOutButton, useAuth } from '../../auth';
import { ListingError } from '../components/ExplorerStates';
import { ExplorerView } from '../components/ExplorerView';
import { type MountAccess, useMountAccess } from '../explorer.hooks';
import { baseName, explorerHref, guardRedirect, pathFromLocation } from '../explorer.paths';

/** Why the explorer is not shown: not signed in, or a key without mount permission. */
function AccessNotice({ access }: { access: Exclude<MountAccess, 'allowed' | 'checking'> }) {
  const { t } = useTranslation();
  const auth = useAuth();
  return (
    <Container size="sm" py="xl">
      {access === 'signIn' ? (
        <Alert
          color="indigo"
          variant="light"
          icon={<IconLogin size={18} />}
          title={t('mountExplorer.access.signInTitle')}
          data-testid="explorer-access"
        >
          <Text size="sm" mb="sm">
            {t('mountExplorer.access.signInBody')}
          </Text>
          <Button component={Link} to="/admin" size="xs" leftSection={<IconLogin size={14} />}>
            {t('common.signIn')}
          </Button>
        </Alert>
      ) : (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title={t('mountExplorer.access.noMountTitle')}
          data-testid="explorer-access"
        >
          <Text size="sm" mb="sm">
            {t('mountExplorer.access.noMountBody', { name: auth.apiKeyInfo?.name ?? '' })}
          </Text>
          <SignOutButton variant="light" />
        </Alert>
      )}
    </Container>
  );
}

/**
 * /mount-explorer and /mount-explorer/{path...}?preview=<name> (SPEC §2). Open to the admin
 * and keys with mount permission; a key opening a path outside its base path is sent there.
 * Every navigation checks the session, as admin routes do.
 */
export default function MountExplorerPage() {
  return (
    <>
      <MountExplorerRoute />
      <SessionCheckOnNavigation />
    </>
  );
}

/** The explorer at the address's path, or why it is not shown. */
function MountExplorerRoute() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const auth = useAuth();
  const access = useMountAccess();
  const path = pathFromLocation(pathname);
  usePageTitle([t('titles.mountExplorer'), path && path !== '/' ? baseName(path) : '']);

  if (access === 'checking') return <PageLoader label={t('auth.checkingSession')} />;
  if (access !== 'allowed') return <AccessNotice access={access} />;
  if (path === null) {
    return (
      <Center>
        <ListingError error={null} onRetry={() => undefined} />
      </Center>
    );
  }
  if (auth.authType === 'apikey') {
    const target = guardRedirect(path, auth.userInfo.basicPath);
    if (target !== null) return <Navigate to={explorerHref(target)} replace />;
  }
  return <ExplorerView key={auth.authType} path={path} preview={params.get('preview')} />;
}
