import { Anchor, Tooltip } from '@mantine/core';
import type { FsShare } from '@sharebin/shared';
import { IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { appPath } from '../../../app/runtime-config';
import { FsShareKindIcon, shareHref } from '../../fs-shares';
import {
  createdColumns,
  ShareLink,
  type ShareListProps,
  ShareTable,
  ShareTitle,
  shareLinkColumn,
  type TableColumn,
} from '../../management';
import { explorerHref } from '../../mount-explorer';
import { PasswordBadge } from '../../pastes';
import { FileExpiry, FileViews } from './FileBadges';

export interface MountedShareListProps extends ShareListProps<FsShare> {
  shares: readonly FsShare[];
  onCopy: (share: FsShare) => void;
}

/** Where the shared path is, opening the explorer there (a file in its preview). */
function MountPath({ share }: { share: FsShare }) {
  const { t } = useTranslation();
  const cut = share.path.lastIndexOf('/');
  const folder = cut <= 0 ? '/' : share.path.slice(0, cut);
  const href =
    share.kind === 'folder' ? explorerHref(share.path) : explorerHref(folder, share.name);
  return (
    <Tooltip label={t('fsShares.manage.showInExplorer')} openDelay={300}>
      <Anchor
        component={Link}
        to={href}
        size="xs"
        ff="monospace"
        c="dimmed"
        // A path breaks anywhere: two even lines rather than one per segment.
        style={{ wordBreak: 'break-all' }}
        data-testid="fs-share-path"
      >
        {share.path}
      </Anchor>
    </Tooltip>
  );
}

function LinkAndBadges({ share }: { share: FsShare }) {
  return (
    <>
      <ShareLink
        ns="fsShares"
        href={appPath(shareHref(share.slug))}
        slug={share.slug}
        testId="fs-share-link"
      />
      {share.has_password && <PasswordBadge />}
    </>
  );
}

/** The shares of mounted files and folders: a table on wide screens, cards on phones. */
export function MountedShareList({
  shares,
  selection,
  onCopy,
  onEdit,
  onDelete,
  keyNames,
}: MountedShareListProps) {
  const { t } = useTranslation();
  const columns: TableColumn<FsShare>[] = [
    {
      key: 'shared',
      header: t('fsShares.manage.columns.shared'),
      card: 'head',
      td: { miw: 160, maw: 220 },
      cell: (share) => (
        <ShareTitle
          icon={<FsShareKindIcon kind={share.kind} name={share.name} />}
          name={share.name}
          remark={share.remark}
          testIdPrefix="fs-share"
        />
      ),
    },
    shareLinkColumn(t('fsShares.manage.columns.link'), (share) => <LinkAndBadges share={share} />),
    {
      key: 'path',
      header: t('fsShares.manage.columns.path'),
      card: 'wide',
      td: { miw: 140, maw: 200 },
      cell: (share) => <MountPath share={share} />,
    },
    {
      key: 'expires',
      header: t('common.expires'),
      cell: (share) => <FileExpiry file={share} />,
    },
    {
      key: 'downloads',
      header: t('fsShares.manage.columns.downloads'),
      cell: (share) => <FileViews file={share} />,
    },
    ...createdColumns(
      {
        created: t('fsShares.manage.columns.created'),
        creator: t('fsShares.manage.columns.creator'),
      },
      { ns: 'fsShares', keyNames, testId: 'fs-share-creator' },
    ),
  ];

  return (
    <ShareTable
      items={shares}
      columns={columns}
      selection={selection}
      ownAction={(share) => ({
        label: t('common.copyLink'),
        icon: <IconCopy size={17} stroke={1.7} />,
        onClick: () => onCopy(share),
        testId: 'fs-share-copy',
      })}
      onEdit={onEdit}
      onDelete={onDelete}
      testIdPrefix="fs-share"
      minWidth={940}
      cardCheckboxTop={6}
    />
  );
}
