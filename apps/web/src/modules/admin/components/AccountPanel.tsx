import {
  Badge,
  Button,
  Card,
  Code,
  Group,
  List,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconFolderOpen, IconKey } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime, isPast } from '../../../app/format';
import { usePageTitle } from '../../../app/page-title';
import { authApi, PermissionBadges, SignOutButton, toPrincipal, useAuth } from '../../auth';
import { explorerHref } from '../../mount-explorer';
import { keyCapabilities } from '../key-capabilities';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.4}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/** What an API-key user sees at /admin while no module is open to them. */
export function AccountPanel() {
  const { t, i18n } = useTranslation();
  usePageTitle([t('titles.admin'), t('titles.account')]);
  const auth = useAuth();
  const details = useQuery({
    queryKey: ['auth', 'current-api-key', auth.apiKey],
    queryFn: authApi.currentApiKey,
    enabled: auth.authType === 'apikey',
  });
  const expiresAt = details.data?.expires_at ?? null;
  const basePath = auth.userInfo.basicPath;
  const capabilities = keyCapabilities(toPrincipal(auth));

  return (
    <Card maw={720} mx="auto" p={{ base: 'lg', sm: 'xl' }} data-testid="account-panel">
      <Stack gap="lg">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <ThemeIcon size={44} radius="xl" variant="light" color="teal">
            <IconKey size={22} stroke={1.7} />
          </ThemeIcon>
          <Stack gap={4}>
            <Title order={2}>{t('admin.account.title')}</Title>
            <Text size="sm" c="dimmed">
              {t('admin.account.description')}
            </Text>
          </Stack>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Field label={t('admin.account.keyName')}>
            <Text fw={600} data-testid="account-key-name">
              {auth.apiKeyInfo?.name}
            </Text>
          </Field>
          <Field label={t('admin.account.permissions')}>
            <PermissionBadges
              permissions={auth.apiKeyPermissions}
              mountReadOnly={auth.apiKeyInfo?.mount_read_only}
            />
          </Field>
          <Field label={t('admin.account.basePath')}>
            <Code fz="sm" w="fit-content">
              {auth.userInfo.basicPath}
            </Code>
          </Field>
          <Field label={t('common.expires')}>
            {details.isPending ? (
              <Skeleton h={22} w={160} />
            ) : (
              <Group gap="xs">
                <Text size="sm">
                  {expiresAt ? formatDateTime(expiresAt, i18n.language) : t('common.never')}
                </Text>
                {isPast(expiresAt) && (
                  <Badge color="red" variant="light">
                    {t('common.expired')}
                  </Badge>
                )}
              </Group>
            )}
          </Field>
        </SimpleGrid>
        <Field label={t('admin.account.mayDo')}>
          {capabilities.length === 0 ? (
            <Text size="sm">{t('admin.account.can.nothing')}</Text>
          ) : (
            <List size="sm" spacing={4} data-testid="account-capabilities">
              {capabilities.map((capability) => (
                <List.Item key={capability}>
                  {t(`admin.account.can.${capability}`, { path: basePath })}
                </List.Item>
              ))}
            </List>
          )}
        </Field>
        <Group justify="flex-end">
          {auth.apiKeyPermissions.mount && (
            <Button
              component={Link}
              to={explorerHref(basePath)}
              variant="light"
              leftSection={<IconFolderOpen size={16} />}
              data-testid="account-open-folder"
            >
              {t('admin.account.openFolder', { path: basePath })}
            </Button>
          )}
          <SignOutButton />
        </Group>
      </Stack>
    </Card>
  );
}
