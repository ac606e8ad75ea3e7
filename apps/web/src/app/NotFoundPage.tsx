import { Button, Center, Code, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHome, IconMapOff } from '@tabler/icons-react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { usePageTitle } from './page-title';

/** SPEC §2: paths the app does not know get a titled page of their own, not Home in disguise. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  usePageTitle([t('titles.notFound')]);
  return (
    <Center mih="60vh" p="md" data-testid="not-found">
      <Stack align="center" gap="md" maw={460} ta="center">
        <ThemeIcon size={56} radius="xl" color="gray" variant="light">
          <IconMapOff size={30} stroke={1.6} />
        </ThemeIcon>
        <Title order={1} size="h2">
          {t('app.notFound.title')}
        </Title>
        <Text c="dimmed" size="sm" style={{ overflowWrap: 'anywhere' }}>
          <Trans
            i18nKey="app.notFound.text"
            values={{ path: pathname }}
            components={{ code: <Code /> }}
          />
        </Text>
        <Button component={Link} to="/" leftSection={<IconHome size={16} />}>
          {t('app.notFound.home')}
        </Button>
      </Stack>
    </Center>
  );
}
