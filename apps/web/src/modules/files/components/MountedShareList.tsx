import { Anchor, Group, Stack, Text, Tooltip } from '@mantine/core';
import type { FsShare } from '@sharebin/shared';
import { IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { appPath } from '../../../app/runtime-config';
import { FsShareKindIcon, shareHref } from '../../fs-shares';
import {
  type CollectionSelection,
  DataTable,
  deleteAction,
  editAction,
  RelativeTime,
  ShareCreator,
  ShareLink,
  type TableColumn,
} from '../../management';
import { explorerHref } from '../../mount-explorer';
import { PasswordBadge } from '../../pastes';
import { FileExpiry, FileViews } from './FileBadges';

export interface MountedShareListProps {
  shares: readonly FsShare[];
  selection: CollectionSelection;
  onCopy: (share: FsShare) => void;
  onEdit: (share: FsShare) => void;
  onDelete: (share: FsShare) => void;
  /** The admin sees who made each link; null hides the column. */
  keyNames: ReadonlyMap<string, string> | null;
}

/** The kind's icon, the shared name and the remark under it. */
function SharedName({ share }: { share: FsShare }) {
  return (
    <Group gap="sm" wrap="nowrap" miw={0} align="flex-start">
      <FsShareKindIcon kind={share.kind} name={share.name} />
      <Stack gap={2} miw={0}>
        <Text
          size="sm"
          fw={500}
          lineClamp={2}
          style={{ wordBreak: 'break-word' }}
          data-testid="fs-share-name"
        >
          {share.name}
        </Text>
        {share.remark && (
          <Text size="xs" c="dimmed" lineClamp={1} data-testid="fs-share-remark">
            {share.remark}
          </Text>
        )}
      </Stack>
    </Group>
  );
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
  const creator = (share: FsShare) =>
    keyNames && (
      <ShareCreator
        ns="fsShares"
        createdBy={share.created_by}
        keyNames={keyNames}
        testId="fs-share-creator"
      />
    );
  const columns: TableColumn<FsShare>[] = [
    {
      key: 'shared',
      header: t('fsShares.manage.columns.shared'),
      card: 'head',
      td: { miw: 160, maw: 220 },
      cell: (share) => <SharedName share={share} />,
    },
    {
      key: 'link',
      header: t('fsShares.manage.columns.link'),
      card: 'line',
      td: { maw: 200 },
      cell: (share) => (
        <Stack gap={6} miw={0} align="flex-start">
          <LinkAndBadges share={share} />
        </Stack>
      ),
      cardCell: (share) => (
        <Group gap="xs" wrap="wrap" miw={0}>
          <LinkAndBadges share={share} />
        </Group>
      ),
    },
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
    {
      key: 'created',
      header: t('fsShares.manage.columns.created'),
      cell: (share) => (
        <Stack gap={6}>
          <RelativeTime iso={share.created_at} />
          {creator(share)}
        </Stack>
      ),
      cardCell: (share) => <RelativeTime iso={share.created_at} />,
    },
    {
      key: 'creator',
      header: t('fsShares.manage.columns.creator'),
      only: 'card',
      when: keyNames !== null,
      cell: creator,
    },
  ];

  return (
    <DataTable
      items={shares}
      columns={columns}
      idOf={(share) => share.id}
      nameOf={(share) => share.slug}
      selection={selection}
      actions={(share) => [
        {
          label: t('common.copyLink'),
          icon: <IconCopy size={17} stroke={1.7} />,
          onClick: () => onCopy(share),
          testId: 'fs-share-copy',
        },
        editAction(t('common.edit'), () => onEdit(share)),
        deleteAction(t('common.delete'), () => onDelete(share)),
      ]}
      testId="fs-share-list"
      rowTestId="fs-share-row"
      rowAttributes={(share) => ({ 'data-slug': share.slug })}
      minWidth={940}
      cardCheckboxTop={6}
    />
  );
}
