import { Alert, Button, Group, Loader, Text, ThemeIcon } from '@mantine/core';
import { hasPermission } from '@sharebin/shared';
import { IconAlertTriangle, IconKey, IconLogin, IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SignOutButton, toPrincipal, useAuth, useIsValidating } from '../../../auth';

export type UploadAccess = 'checking' | 'allowed' | 'denied';

/** Whether the visitor may upload: the admin, or an API key with file permission (SPEC §6). */
export function useUploadAccess(): UploadAccess {
  const auth = useAuth();
  const validating = useIsValidating();
  if (auth.isAuthenticated && auth.lastValidated === null && validating) return 'checking';
  return hasPermission(toPrincipal(auth), 'file') ? 'allowed' : 'denied';
}

/** Who the files are uploaded as, or why they cannot be and how to sign in. */
export function UploadAccessNotice({ access }: { access: UploadAccess }) {
  const { t } = useTranslation();
  const auth = useAuth();

  if (access === 'checking') {
    return (
      <Group gap="xs" data-testid="upload-access" data-access={access} aria-busy="true">
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
      <Group gap="xs" wrap="nowrap" data-testid="upload-access" data-access={access}>
        <ThemeIcon size={24} radius="xl" variant="light" color={asAdmin ? 'indigo' : 'teal'}>
          {asAdmin ? <IconShieldCheck size={14} /> : <IconKey size={14} />}
        </ThemeIcon>
        <Text size="sm" c="dimmed">
          {asAdmin
            ? t('upload.access.asAdmin', { name: t('auth.administrator') })
            : t('upload.access.asKey', { name: auth.apiKeyInfo?.name ?? '' })}
        </Text>
      </Group>
    );
  }

  if (auth.authType === 'apikey' && auth.isAuthenticated) {
    return (
      <Alert
        color="yellow"
        variant="light"
        icon={<IconAlertTriangle size={18} />}
        title={t('upload.access.noFileTitle')}
        data-testid="upload-access"
        data-access={access}
      >
        <Text size="sm" mb="sm">
          {t('upload.access.noFileBody', { name: auth.apiKeyInfo?.name ?? '' })}
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
      title={t('upload.access.signInTitle')}
      data-testid="upload-access"
      data-access={access}
    >
      <Text size="sm" mb="sm">
        {t('upload.access.signInBody')}
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
