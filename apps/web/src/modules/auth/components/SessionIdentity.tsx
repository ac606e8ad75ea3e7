import { Avatar, Group, Stack, Text } from '@mantine/core';
import { IconKey, IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../auth.store';

/** Who is signed in: the administrator or the API key's name. */
export function SessionIdentity() {
  const { t } = useTranslation();
  const auth = useAuth();
  const isAdmin = auth.authType === 'admin';
  const name = isAdmin ? t('auth.administrator') : (auth.apiKeyInfo?.name ?? '');
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar color={isAdmin ? 'indigo' : 'teal'} radius="xl" variant="light">
        {isAdmin ? <IconShieldCheck size={20} stroke={1.7} /> : <IconKey size={20} stroke={1.7} />}
      </Avatar>
      <Stack gap={0} miw={0}>
        <Text size="xs" c="dimmed">
          {t('admin.signedInAs')}
        </Text>
        <Text size="sm" fw={600} truncate="end" data-testid="session-name">
          {name}
        </Text>
      </Stack>
    </Group>
  );
}
