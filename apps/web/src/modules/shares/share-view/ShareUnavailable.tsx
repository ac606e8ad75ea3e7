import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  type Icon,
  IconClockX,
  IconEyeOff,
  IconFileOff,
  IconFolderOff,
  IconHome,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SHARE_KINDS, type ShareKind, type UnavailableReason } from './share-kinds';

const ICONS: Record<UnavailableReason, Icon> = {
  notFound: IconFileOff,
  expired: IconClockX,
  exhausted: IconEyeOff,
  pathGone: IconFolderOff,
};

/**
 * Why a share cannot be shown (404, or 410 expired, used up or its mounted path gone), with a
 * way home.
 */
export function ShareUnavailable({ kind, reason }: { kind: ShareKind; reason: UnavailableReason }) {
  const { t } = useTranslation();
  const { texts, testId } = SHARE_KINDS[kind];
  const ReasonIcon = ICONS[reason];
  // Only a share of a mounted path and an upload request can lose their path; the others have
  // no words for it.
  const pathGone = kind === 'uploadRequest' ? 'uploadRequests.view' : 'fsShares.view';
  const words =
    reason === 'pathGone'
      ? {
          title: t(`${pathGone}.unavailable.pathGone.title`),
          body: t(`${pathGone}.unavailable.pathGone.body`),
        }
      : {
          title: t(`${texts}.unavailable.${reason}.title`),
          body: t(`${texts}.unavailable.${reason}.body`),
        };
  return (
    <Center mih="55vh" px="md" py="xl">
      <Stack
        align="center"
        gap="md"
        maw={460}
        ta="center"
        data-testid={`${testId}-unavailable`}
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
          {words.title}
        </Title>
        <Text c="dimmed">{words.body}</Text>
        <Button component={Link} to="/" leftSection={<IconHome size={16} />} mt="xs">
          {t(`${texts}.unavailable.home`)}
        </Button>
      </Stack>
    </Center>
  );
}
