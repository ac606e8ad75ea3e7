import { Button, Center, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconHome, IconRefresh, IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';

/** SPEC §2: the page shown for a page that cannot load offline (not cached on this device). */
export function OfflinePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Center mih="60vh" p="md" data-testid="offline-page">
      <Stack align="center" gap="md" maw={460} ta="center">
        <ThemeIcon size={64} radius="xl" color="orange" variant="light">
          <IconWifiOff size={34} stroke={1.6} />
        </ThemeIcon>
        <Title order={2} fz={{ base: 22, sm: 26 }}>
          {t('offline.page.title')}
        </Title>
        <Text c="dimmed">{t('offline.page.text')}</Text>
        <Group justify="center" gap="sm" mt="xs">
          <Button component={Link} to="/" variant="default" leftSection={<IconHome size={16} />}>
            {t('offline.page.home')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={16} />}
            onClick={() => void navigate(-1)}
          >
            {t('offline.page.back')}
          </Button>
          {/* A full load: a page whose code failed to download is not tried again otherwise. */}
          <Button leftSection={<IconRefresh size={16} />} onClick={() => window.location.reload()}>
            {t('common.retry')}
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
