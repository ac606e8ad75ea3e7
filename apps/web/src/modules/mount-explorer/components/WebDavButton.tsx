import { Alert, Button, Popover, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconLock, IconNetwork } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { backendBaseUrl } from '../../../app/runtime-config';
import { useAuth } from '../../auth';
import { ShareUrlField } from '../../shares';
import { webDavAddress } from '../explorer.paths';

/**
 * How to reach the mounts with WebDAV: the address, with a copy button, and what to sign in
 * with: the admin's user name and password, or any user name and the API key as the password.
 */
export function WebDavButton() {
  const { t } = useTranslation();
  const auth = useAuth();
  const isKey = auth.authType === 'apikey';
  return (
    <Popover width={380} position="bottom-end" shadow="md" withinPortal>
      <Popover.Target>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconNetwork size={14} />}
          data-testid="open-webdav"
        >
          {t('mountExplorer.webdav.open')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown data-testid="webdav-info">
        <Stack gap="sm">
          <Title order={3} size="h5">
            {t('mountExplorer.webdav.title')}
          </Title>
          <Text size="sm">{t('mountExplorer.webdav.intro')}</Text>
          <ShareUrlField
            url={webDavAddress(backendBaseUrl())}
            label={t('mountExplorer.webdav.address')}
            copyLabel={t('mountExplorer.webdav.copy')}
            copiedLabel={t('mountExplorer.webdav.copied')}
            testId="webdav-address"
            copyTestId="webdav-copy"
          />
          <Text size="sm" fw={600}>
            {t('mountExplorer.webdav.signIn')}
          </Text>
          <SimpleGrid
            cols={2}
            spacing="md"
            verticalSpacing={4}
            style={{ gridTemplateColumns: 'auto 1fr' }}
            data-testid="webdav-sign-in"
          >
            <Text size="sm">{t('mountExplorer.webdav.userName')}</Text>
            <Text size="sm">
              {isKey ? t('mountExplorer.webdav.keyUser') : t('mountExplorer.webdav.adminUser')}
            </Text>
            <Text size="sm">{t('common.password')}</Text>
            <Text size="sm">
              {isKey
                ? t('mountExplorer.webdav.keyPassword')
                : t('mountExplorer.webdav.adminPassword')}
            </Text>
          </SimpleGrid>
          {isKey && (
            <Text size="sm">
              {t('mountExplorer.webdav.keyScope', { path: auth.userInfo.basicPath })}
            </Text>
          )}
          {isKey && auth.apiKeyInfo?.mount_read_only && (
            <Alert variant="light" color="gray" icon={<IconLock size={16} />} p="xs">
              <Text size="sm">{t('mountExplorer.webdav.keyReadOnly')}</Text>
            </Alert>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
