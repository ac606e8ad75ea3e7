import { Group, Stack, Text, Tooltip } from '@mantine/core';
import type { FileShare } from '@sharebin/shared';
import { useTranslation } from 'react-i18next';
import { appPath } from '../../../app/runtime-config';
import { formatBytes } from '../../../shared/format-bytes';
import {
  createdColumns,
  ShareLink,
  type ShareListProps,
  ShareTable,
  ShareTitle,
  shareLinkColumn,
  type TableColumn,
  viewAction,
} from '../../management';
import { PasswordBadge } from '../../pastes';
import { FileExpiry, FileTypeIcon, FileViews, UploadingBadge } from './FileBadges';

export interface FileManagementListProps extends ShareListProps<FileShare> {
  files: readonly FileShare[];
  onPreview: (file: FileShare) => void;
  /** Storage names by id; a storage the user cannot see shows as unknown. */
  storageNames: ReadonlyMap<string, string>;
}

function ShareBadges({ file }: { file: FileShare }) {
  if (!file.has_password && file.status === 'live') return null;
  return (
    <Group gap={4} wrap="nowrap">
      {file.has_password && <PasswordBadge />}
      {file.status === 'uploading' && <UploadingBadge />}
    </Group>
  );
}

function MediaType({ mimetype }: { mimetype: string }) {
  return (
    <Tooltip label={mimetype} openDelay={400}>
      <Text size="xs" c="dimmed" ff="monospace" truncate="end" maw={140} data-testid="file-type">
        {mimetype}
      </Text>
    </Tooltip>
  );
}

function StorageName({
  id,
  storageNames,
}: {
  id: string;
  storageNames: ReadonlyMap<string, string>;
}) {
  const { t } = useTranslation();
  const name = storageNames.get(id);
  return (
    <Text
      size="sm"
      c={name ? undefined : 'dimmed'}
      truncate="end"
      maw={160}
      data-testid="file-storage"
    >
      {name ?? t('fileManagement.unknownStorage')}
    </Text>
  );
}

/** The share link and its badges. */
function LinkAndBadges({ file }: { file: FileShare }) {
  return (
    <>
      <ShareLink
        ns="fileManagement"
        href={appPath(`/file/${encodeURIComponent(file.slug)}`)}
        slug={file.slug}
        testId="file-link"
      />
      <ShareBadges file={file} />
    </>
  );
}

/** The file shares of one page: a table on wide screens, cards on phones. */
export function FileManagementList({
  files,
  selection,
  onPreview,
  onEdit,
  onDelete,
  storageNames,
  keyNames,
}: FileManagementListProps) {
  const { t, i18n } = useTranslation();
  const size = (file: FileShare) => formatBytes(file.size, i18n.language);
  const columns: TableColumn<FileShare>[] = [
    {
      key: 'file',
      header: t('fileManagement.columns.file'),
      card: 'head',
      td: { miw: 180, maw: 260 },
      cell: (file) => (
        <ShareTitle
          icon={<FileTypeIcon mimetype={file.mimetype} />}
          name={file.filename}
          remark={file.remark}
          testIdPrefix="file"
          fullNameOnHover
        />
      ),
    },
    shareLinkColumn(t('fileManagement.columns.link'), (file) => <LinkAndBadges file={file} />),
    {
      key: 'sizeAndType',
      header: t('fileManagement.columns.sizeAndType'),
      only: 'table',
      td: { maw: 160 },
      cell: (file) => (
        <Stack gap={2} miw={0}>
          <Text size="sm" style={{ whiteSpace: 'nowrap' }} data-testid="file-size">
            {size(file)}
          </Text>
          <MediaType mimetype={file.mimetype} />
        </Stack>
      ),
    },
    {
      key: 'size',
      header: t('common.size'),
      only: 'card',
      cell: (file) => <Text size="sm">{size(file)}</Text>,
    },
    {
      key: 'type',
      header: t('common.type'),
      only: 'card',
      cell: (file) => <MediaType mimetype={file.mimetype} />,
    },
    {
      key: 'storage',
      header: t('fileManagement.columns.storage'),
      only: 'table',
      cell: (file) => <StorageName id={file.s3_config_id} storageNames={storageNames} />,
    },
    {
      key: 'expires',
      header: t('common.expires'),
      cell: (file) => <FileExpiry file={file} />,
    },
    {
      key: 'views',
      header: t('fileManagement.columns.views'),
      cell: (file) => <FileViews file={file} />,
    },
    {
      key: 'cardStorage',
      header: t('fileManagement.columns.storage'),
      only: 'card',
      cell: (file) => <StorageName id={file.s3_config_id} storageNames={storageNames} />,
    },
    ...createdColumns(
      {
        created: t('fileManagement.columns.created'),
        creator: t('fileManagement.columns.creator'),
      },
      { ns: 'fileManagement', keyNames, testId: 'file-creator' },
    ),
  ];

  return (
    <ShareTable
      items={files}
      columns={columns}
      selection={selection}
      ownAction={(file) => viewAction(t('common.preview'), () => onPreview(file))}
      onEdit={onEdit}
      onDelete={onDelete}
      testIdPrefix="file"
      minWidth={940}
      cardCheckboxTop={6}
    />
  );
}
