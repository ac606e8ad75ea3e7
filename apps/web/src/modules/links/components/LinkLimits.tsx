import { Group, Text, Tooltip } from '@mantine/core';
import type { ShortLink } from '@sharebin/shared';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatRelative, isPast } from '../../../app/format';
import { ExpiredBadge, UsedUpBadge } from '../../pastes';

type LinkLimitsFacts = Pick<ShortLink, 'expires_at' | 'max_views' | 'views'>;

/** When the link stops working ("in 6 days"), or that it has. */
export function LinkExpiry({ link }: { link: LinkLimitsFacts }) {
  const { t, i18n } = useTranslation();
  if (!link.expires_at) {
    return (
      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {t('common.never')}
      </Text>
    );
  }
  const expired = isPast(link.expires_at);
  return (
    <Group gap={6} wrap="nowrap">
      <Tooltip label={formatDateTime(link.expires_at, i18n.language)}>
        <Text size="sm" c={expired ? 'red' : undefined} style={{ whiteSpace: 'nowrap' }}>
          {formatRelative(link.expires_at, i18n.language)}
        </Text>
      </Tooltip>
      {expired && <ExpiredBadge />}
    </Group>
  );
}

/** "3 / 10" or "3 / ∞" visits, and whether every allowed one is used. */
export function LinkVisits({ link }: { link: LinkLimitsFacts }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const limited = link.max_views > 0;
  return (
    <Group gap={6} wrap="nowrap">
      <Tooltip
        label={
          limited
            ? t('links.manage.visitsTooltip', { views: link.views, max: link.max_views })
            : t('links.manage.visitsUnlimitedTooltip', { count: link.views })
        }
      >
        <Text
          size="sm"
          style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
          data-testid="link-visits"
        >
          {number.format(link.views)} / {limited ? number.format(link.max_views) : '∞'}
        </Text>
      </Tooltip>
      {limited && link.views >= link.max_views && <UsedUpBadge />}
    </Group>
  );
}
