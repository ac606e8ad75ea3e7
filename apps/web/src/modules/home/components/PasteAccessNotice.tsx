import { Alert, Button, Group, Loader, Text, ThemeIcon } from '@mantine/core';
import { hasPermission } from '@sharebin/shared';
import { IconAlertTriangle, IconKey, IconLogin, IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  hasAnyKeyPermission,
  SignOutButton,
  toPrincipal,
  useAuth,
  useIsValidating,
} from '../../auth';

export type PasteAccess = 'checking' | 'allowed' | 'denied';

/** Whether the visitor may create a share: the admin, or an API key with text permission. */
export function usePasteAccess(): PasteAccess {
  const auth = useAuth();
  const validating = useIsValidating();
  if (auth.isAuthenticated && auth.lastValidated === null && validating) return 'checking';
  return hasPermission(toPrincipal(auth), 'text') ? 'allowed' : 'denied';
}

/** Who the share will be created as, or why it cannot be and how to sign in. */
export function PasteAccessNotice({ access }: { access: PasteAccess }) {
  const { t } = useTranslation();
  const auth = useAuth();

  if (access === 'checking') {
    return (
      <Group gap="xs" data-testid="paste-access" data-access={access} aria-busy="true">
        <Loader size="xs" type="dots" />
        <Text size="sm" c="dimmed">
          {t('auth.checkingSession')}
        </Text>
      </Group>
    );
  }

  if (access === 'allowed') {
    const asAdmin = auth.authType === 'admin';
    return (
      <Group gap="xs" wrap="nowrap" data-testid="paste-access" data-access={access}>
        <ThemeIcon size={26} radius="xl" variant="light" color={asAdmin ? 'indigo' : 'teal'}>
          {asAdmin ? <IconShieldCheck size={15} /> : <IconKey size={15} />}
        </ThemeIcon>
        <Text size="sm" c="dimmed">
          {asAdmin
            ? t('editor.access.asAdmin', { name: t('auth.administrator') })
            : t('editor.access.asKey', { name: auth.apiKeyInfo?.name ?? '' })}
        </Text>
      </Group>
    );
  }

  if (auth.authType === 'apikey' && auth.isAuthenticated) {
    const none = !hasAnyKeyPermission(auth.apiKeyPermissions);
    return (
      <Alert
        color="yellow"
        variant="light"
        icon={<IconAlertTriangle size={18} />}
        title={none ? t('editor.access.noPermissionsTitle') : t('editor.access.noTextTitle')}
        data-testid="paste-access"
        data-access={access}
      >
        <Text size="sm" mb="sm" data-testid={none ? 'no-permissions-notice' : undefined}>
          {none
            ? t('editor.access.noPermissionsBody', { name: auth.apiKeyInfo?.name ?? '' })
            : t('editor.access.noTextBody', { name: auth.apiKeyInfo?.name ?? '' })}
        </Text>
        <SignOutButton variant="light" />
      </Alert>
    );
  }

  return (
    <Alert
      color="indigo"
      variant="light"
      icon={<IconLogin size={18} />}
      title={t('editor.access.signInTitle')}
      data-testid="paste-access"
      data-access={access}
    >
      <Text size="sm" mb="sm">
        {t('editor.access.signInBody')}
      </Text>
      <Button
        component={Link}
        to="/admin"
        size="xs"
        leftSection={<IconLogin size={14} stroke={1.8} />}
      >
        {t('common.signIn')}
      </Button>
    </Alert>
  );
}
