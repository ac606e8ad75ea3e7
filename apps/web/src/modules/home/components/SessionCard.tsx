import {
  Alert,
  Button,
  Card,
  Code,
  Group,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowRight,
  IconKey,
  IconLogin,
  IconShieldCheck,
  IconUserOff,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useIsValidating } from '../../auth/auth.actions';
import { hasAnyKeyPermission, useAuth } from '../../auth/auth.store';
import { PermissionBadges } from '../../auth/components/PermissionBadges';
import { SignOutButton } from '../../auth/components/SignOutButton';

function CardTitle({
  icon,
  color,
  children,
}: {
  icon: ReactNode;
  color: string;
  children: ReactNode;
}) {
  return (
    <Group gap="sm" wrap="nowrap">
      <ThemeIcon size={40} radius="xl" variant="light" color={color}>
        {icon}
      </ThemeIcon>
      <Title order={3} fz="lg">
        {children}
      </Title>
    </Group>
  );
}

/** The visitor's session: signed out, the administrator, or an API key and what it may do. */
export function SessionCard() {
  const { t } = useTranslation();
  const auth = useAuth();
  const validating = useIsValidating();

  let body: ReactNode;
  if (auth.isAuthenticated && auth.lastValidated === null && validating) {
    body = (
      <Stack gap="sm" aria-busy="true">
        <Text size="sm" c="dimmed">
          {t('home.session.checking')}
        </Text>
        <Skeleton h={18} w="70%" />
        <Skeleton h={18} w="50%" />
      </Stack>
    );
  } else if (auth.authType === 'admin' && auth.isAuthenticated) {
    body = (
      <Stack gap="md">
        <CardTitle icon={<IconShieldCheck size={22} stroke={1.7} />} color="indigo">
          {t('home.session.signedInAsAdmin', { name: t('auth.administrator') })}
        </CardTitle>
        <Text size="sm" c="dimmed">
          {t('home.session.adminHint')}
        </Text>
        <Group gap="sm">
          <Button
            component={Link}
            to="/admin"
            rightSection={<IconArrowRight size={16} stroke={1.8} />}
          >
            {t('home.session.openConsole')}
          </Button>
          <SignOutButton variant="subtle" />
        </Group>
      </Stack>
    );
  } else if (auth.authType === 'apikey' && auth.isAuthenticated) {
    const permitted = hasAnyKeyPermission(auth.apiKeyPermissions);
    body = (
      <Stack gap="md">
        <CardTitle icon={<IconKey size={22} stroke={1.7} />} color="teal">
          {t('home.session.signedInWithKey', { name: auth.apiKeyInfo?.name ?? '' })}
        </CardTitle>
        <Stack gap={6}>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.4}>
            {t('home.session.permissions')}
          </Text>
          <PermissionBadges permissions={auth.apiKeyPermissions} />
        </Stack>
        <Stack gap={6}>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.4}>
            {t('home.session.basePath')}
          </Text>
          <Code fz="sm" w="fit-content" data-testid="session-base-path">
            {auth.userInfo.basicPath}
          </Code>
        </Stack>
        {!permitted && (
          <Alert
            color="yellow"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title={t('home.session.noPermissionsTitle')}
            data-testid="no-permissions-notice"
          >
            {t('home.session.noPermissionsBody')}
          </Alert>
        )}
        <Group gap="sm">
          {permitted && (
            <Button
              component={Link}
              to="/admin"
              rightSection={<IconArrowRight size={16} stroke={1.8} />}
            >
              {t('home.session.openConsole')}
            </Button>
          )}
          <SignOutButton variant={permitted ? 'subtle' : 'light'} />
        </Group>
      </Stack>
    );
  } else {
    body = (
      <Stack gap="md">
        <CardTitle icon={<IconUserOff size={22} stroke={1.7} />} color="gray">
          {t('home.session.signedOut')}
        </CardTitle>
        <Text size="sm" c="dimmed">
          {t('home.session.signedOutHint')}
        </Text>
        <Button
          component={Link}
          to="/admin"
          leftSection={<IconLogin size={16} stroke={1.8} />}
          w="fit-content"
        >
          {t('home.session.signIn')}
        </Button>
      </Stack>
    );
  }

  return (
    <Card shadow="sm" p="lg" data-testid="session-card" data-auth-type={auth.authType}>
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" lts={0.5} mb="md">
        {t('home.session.title')}
      </Text>
      {body}
    </Card>
  );
}
