import { Badge, Group, type MantineSize, Text, Tooltip } from '@mantine/core';
import type { PasteSummary } from '@sharebin/shared';
import { IconLock, IconMarkdown, IconTxt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatRelative } from '../../../app/format';
import { isPasteExpired, isPasteUsedUp } from '../paste-management.utils';

/** Badges keep their full text: in a table cell they would otherwise shrink to "MARKD…". */
const fullWidth = { root: { flexShrink: 0 }, label: { overflow: 'visible' } } as const;

type PasteFacts = Pick<
  PasteSummary,
  'format' | 'has_password' | 'expires_at' | 'max_views' | 'views' | 'slug'
>;

export function FormatBadge({ paste, size = 'xs' }: { paste: PasteFacts; size?: MantineSize }) {
  const { t } = useTranslation();
  const markdown = paste.format === 'markdown';
  const Icon = markdown ? IconMarkdown : IconTxt;
  return (
    <Badge
      size={size}
      variant="light"
      color={markdown ? 'indigo' : 'gray'}
      leftSection={<Icon size={12} stroke={1.8} />}
      styles={fullWidth}
      data-testid="format-badge"
    >
      {markdown ? t('textManagement.formats.markdown') : t('textManagement.formats.text')}
    </Badge>
  );
}

export function PasswordBadge({ size = 'xs' }: { size?: MantineSize }) {
  const { t } = useTranslation();
  return (
    <Badge
      size={size}
      variant="light"
      color="grape"
      leftSection={<IconLock size={11} stroke={2} />}
      styles={fullWidth}
      data-testid="password-badge"
    >
      {t('textManagement.badges.password')}
    </Badge>
  );
}

export function ExpiredBadge() {
  const { t } = useTranslation();
  return (
    <Badge size="xs" color="red" variant="filled" styles={fullWidth} data-testid="expired-badge">
      {t('common.expired')}
    </Badge>
  );
}

export function UsedUpBadge() {
  const { t } = useTranslation();
  return (
    <Badge size="xs" color="orange" variant="filled" styles={fullWidth} data-testid="used-up-badge">
      {t('textManagement.badges.usedUp')}
    </Badge>
  );
}

/** The format and password badges. */
export function PasteKindBadges({ paste }: { paste: PasteFacts }) {
  return (
    <Group gap={4} wrap="nowrap">
      <FormatBadge paste={paste} />
      {paste.has_password && <PasswordBadge />}
    </Group>
  );
}

/** When the paste expires ("in 6 days"), or that it has. */
export function PasteExpiry({ paste }: { paste: PasteFacts }) {
  const { t, i18n } = useTranslation();
  if (!paste.expires_at) {
    return (
      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {t('textManagement.never')}
      </Text>
    );
  }
  const expired = isPasteExpired(paste);
  return (
    <Group gap={6} wrap="nowrap">
      <Tooltip label={formatDateTime(paste.expires_at, i18n.language)}>
        <Text size="sm" c={expired ? 'red' : undefined} style={{ whiteSpace: 'nowrap' }}>
          {formatRelative(paste.expires_at, i18n.language)}
        </Text>
      </Tooltip>
      {expired && <ExpiredBadge />}
    </Group>
  );
}

/** "3 / 10" or "3 / ∞", and whether the views are used up. */
export function PasteViews({ paste }: { paste: PasteFacts }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const limit = paste.max_views > 0 ? number.format(paste.max_views) : '∞';
  return (
    <Group gap={6} wrap="nowrap">
      <Tooltip
        label={
          paste.max_views > 0
            ? t('textManagement.viewsTooltip', { views: paste.views, max: paste.max_views })
            : t('textManagement.viewsUnlimitedTooltip', { count: paste.views })
        }
      >
        <Text
          size="sm"
          style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
          data-testid="paste-views"
        >
          {number.format(paste.views)} / {limit}
        </Text>
      </Tooltip>
      {isPasteUsedUp(paste) && <UsedUpBadge />}
    </Group>
  );
}
