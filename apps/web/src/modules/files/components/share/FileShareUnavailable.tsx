import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { type Icon, IconClockX, IconEyeOff, IconFileOff, IconHome } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export type FileUnavailableReason = 'notFound' | 'expired' | 'exhausted';

const ICONS: Record<FileUnavailableReason, Icon> = {
  notFound: IconFileOff,
  expired: IconClockX,
  exhausted: IconEyeOff,
};

/** Why a file share cannot be shown (404, or 410 expired or used up), with a way home. */
export function FileShareUnavailable({ reason }: { reason: FileUnavailableReason }) {
  const { t } = useTranslation();
  const ReasonIcon = ICONS[reason];
  return (
    <Center mih="55vh" px="md" py="xl">
      <Stack
        align="center"
        gap="md"
        maw={460}
        ta="center"
        data-testid="file-unavailable"
        data-reason={reason}
      >
        <ThemeIcon
          size={64}
          radius="xl"
          variant="light"
          color={reason === 'notFound' ? 'gray' : 'orange'}
        >
          <ReasonIcon size={32} stroke={1.5} />
        </ThemeIcon>
        <Title order={1} fz={{ base: 22, sm: 26 }}>
          {t(`fileShare.unavailable.${reason}.title`)}
        </Title>
        <Text c="dimmed">{t(`fileShare.unavailable.${reason}.body`)}</Text>
        <Button component={Link} to="/" leftSection={<IconHome size={16} />} mt="xs">
          {t('fileShare.unavailable.home')}
        </Button>
      </Stack>
    </Center>
  );
}
