import { Badge, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { PublicFsShare } from '@sharebin/shared';
import { type Icon, IconClock, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ShareProtectedBadge, unavailableReason, useShareAccessTexts } from '../../shares';
import type { ShareAccess } from './share-visit.hooks';

/** What limits the share now: after the last download the look-up says it is used up. */
export function shareLimits(share: PublicFsShare, access: ShareAccess) {
  const usedUp = unavailableReason('fs', access.info.error) === 'exhausted';
  return {
    expires_at: share.expires_at ?? null,
    remaining_views: usedUp ? 0 : (share.remaining_views ?? null),
  };
}

/** The expiry and the downloads left, each only when the owner set one. */
function LimitBadges({ share, access }: { share: PublicFsShare; access: ShareAccess }) {
  const { t } = useTranslation();
  const limits = shareLimits(share, access);
  const texts = useShareAccessTexts('fs', limits);
  return (
    <>
      {limits.expires_at && (
        <Badge
          variant="light"
          color="gray"
          tt="none"
          leftSection={<IconClock size={12} />}
          data-testid="fs-share-expiry"
        >
          {t('fsShares.view.meta.expiresAt', { value: texts.expiry })}
        </Badge>
      )}
      {limits.remaining_views !== null && (
        <Badge
          variant="light"
          color={limits.remaining_views === 0 ? 'orange' : 'gray'}
          tt="none"
          leftSection={<IconDownload size={12} />}
          data-testid="fs-share-downloads-left"
        >
          {limits.remaining_views === 0
            ? texts.viewsLeft
            : t('fsShares.view.meta.downloadsLeftCount', { count: limits.remaining_views })}
        </Badge>
      )}
    </>
  );
}

/** The share's icon, what it is, its name, and what limits it. */
export function ShareHeading({
  icon: ShareIcon,
  label,
  share,
  access,
  withLimits = true,
}: {
  icon: Icon;
  label: string;
  share: PublicFsShare;
  access: ShareAccess;
  /** A file's page lists them with its other facts. */
  withLimits?: boolean;
}) {
  return (
    <Group gap="md" wrap="nowrap" align="flex-start">
      <ThemeIcon size={48} radius="md" variant="light" style={{ flexShrink: 0 }}>
        <ShareIcon size={26} stroke={1.6} />
      </ThemeIcon>
      <Stack gap={6} style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed" fw={600} tt="uppercase" lh={1.2}>
          {label}
        </Text>
        <Title
          order={1}
          fz={{ base: 20, sm: 26 }}
          lh={1.2}
          // Full contrast in both themes (the default text colour is a dim grey on dark).
          c="bright"
          style={{ overflowWrap: 'anywhere' }}
          data-testid="fs-share-name"
        >
          {share.name}
        </Title>
        <Group gap={6}>
          {access.token !== null && <ShareProtectedBadge kind="fs" />}
          {withLimits && <LimitBadges share={share} access={access} />}
        </Group>
      </Stack>
    </Group>
  );
}
