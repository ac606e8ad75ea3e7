import { Anchor, Group, Stack, Text } from '@mantine/core';
import type { ShortLink } from '@sharebin/shared';
import { useTranslation } from 'react-i18next';
import {
  createdColumns,
  ShareLink,
  type ShareListProps,
  ShareTable,
  type TableColumn,
  viewAction,
} from '../../management';
import { PasswordBadge } from '../../pastes';
import { CopyShortLinkButton } from './CopyShortLinkButton';
import { LinkExpiry, LinkVisits } from './LinkLimits';

export interface ShortLinkListProps extends ShareListProps<ShortLink> {
  links: readonly ShortLink[];
  /** The link's QR code, address and facts. */
  onView: (link: ShortLink) => void;
}

/** The short link, its copy button and whether it asks for a password. */
function ShortLinkCell({ link }: { link: ShortLink }) {
  return (
    <Stack gap={6} miw={0}>
      <Group gap={4} wrap="nowrap" miw={0}>
        <ShareLink ns={'links'} href={link.short_url} slug={link.slug} testId="link-slug" />
        <CopyShortLinkButton url={link.short_url} />
      </Group>
      {link.has_password && <PasswordBadge />}
    </Stack>
  );
}

/** Where the link leads (opening it in a new tab), and its remark under it. */
function TargetAndRemark({ link, lines }: { link: ShortLink; lines: number }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2} miw={0}>
      <Anchor
        href={link.url}
        target="_blank"
        rel="noopener noreferrer"
        size="sm"
        lineClamp={lines}
        // An address breaks anywhere: even lines rather than one per path segment.
        style={{ wordBreak: 'break-all' }}
        data-testid="link-target"
      >
        {link.url}
      </Anchor>
      {link.remark ? (
        <Text size="xs" c="dimmed" lineClamp={1} data-testid="link-remark">
          {link.remark}
        </Text>
      ) : (
        <Text size="xs" c="dimmed" fs="italic">
          {t('links.manage.noRemark')}
        </Text>
      )}
    </Stack>
  );
}

/** The short links of one page: a table on wide screens, cards on phones. */
export function ShortLinkList({
  links,
  selection,
  onView,
  onEdit,
  onDelete,
  keyNames,
}: ShortLinkListProps) {
  const { t } = useTranslation();
  const columns: TableColumn<ShortLink>[] = [
    {
      key: 'link',
      header: t('links.manage.columns.link'),
      card: 'head',
      td: { maw: 220 },
      cell: (link) => <ShortLinkCell link={link} />,
    },
    {
      key: 'target',
      header: t('links.manage.columns.target'),
      card: 'line',
      td: { miw: 220, maw: 360 },
      cell: (link) => <TargetAndRemark link={link} lines={2} />,
      cardCell: (link) => <TargetAndRemark link={link} lines={3} />,
    },
    {
      key: 'expires',
      header: t('common.expires'),
      cell: (link) => <LinkExpiry link={link} />,
    },
    {
      key: 'visits',
      header: t('links.manage.columns.visits'),
      cell: (link) => <LinkVisits link={link} />,
    },
    ...createdColumns(
      { created: t('common.created'), creator: t('links.manage.columns.creator') },
      { ns: 'links', keyNames, testId: 'link-creator' },
    ),
  ];

  return (
    <ShareTable
      items={links}
      columns={columns}
      selection={selection}
      ownAction={(link) => viewAction(t('links.manage.view'), () => onView(link))}
      onEdit={onEdit}
      onDelete={onDelete}
      testIdPrefix="link"
      minWidth={940}
    />
  );
}
