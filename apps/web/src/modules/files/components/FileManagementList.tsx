import { Group, Stack, Text, Tooltip } from '@mantine/core';
import type { FileShare } from '@sharebin/shared';
import { useTranslation } from 'react-i18next';
import { appPath } from '../../../app/runtime-config';
import { formatBytes } from '../../../shared/format-bytes';
import {
  type CollectionSelection,
  DataTable,
  deleteAction,
  editAction,
  RelativeTime,
  ShareCreator,
  ShareLink,
  type TableColumn,
  viewAction,
} from '../../management';
import { PasswordBadge } from '../../pastes';
import { FileExpiry, FileTypeIcon, FileViews, UploadingBadge } from './FileBadges';

export interface FileManagementListProps {
  files: readonly FileShare[];
  selection: CollectionSelection;
  onPreview: (file: FileShare) => void;
  onEdit: (file: FileShare) => void;
  onDelete: (file: FileShare) => void;
  /** Storage names by id; a storage the user cannot see shows as unknown. */
  storageNames: ReadonlyMap<string, string>;
  /** The admin sees who uploaded each file; null hides the column. */
  keyNames: ReadonlyMap<string, string> | null;
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

/** The type icon, the file name and the remark under it. */
function FileName({ file }: { file: FileShare }) {
  return (
    <Group gap="sm" wrap="nowrap" miw={0} align="flex-start">
      <FileTypeIcon mimetype={file.mimetype} />
      <Stack gap={2} miw={0}>
        <Tooltip label={file.filename} openDelay={400}>
          <Text
            size="sm"
            fw={500}
            lineClamp={2}
            style={{ wordBreak: 'break-word' }}
            data-testid="file-name"
          >
            {file.filename}
          </Text>
        </Tooltip>
        {file.remark && (
          <Text size="xs" c="dimmed" lineClamp={1} data-testid="file-remark">
            {file.remark}
          </Text>
        )}
      </Stack>
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
  const creator = (file: FileShare) =>
    keyNames && (
      <ShareCreator
        ns="fileManagement"
        createdBy={file.created_by}
        keyNames={keyNames}
        testId="file-creator"
      />
    );
  const columns: TableColumn<FileShare>[] = [
    {
      key: 'file',
      header: t('fileManagement.columns.file'),
      card: 'head',
      td: { miw: 180, maw: 260 },
      cell: (file) => <FileName file={file} />,
    },
    {
      key: 'link',
      header: t('fileManagement.columns.link'),
      card: 'line',
      td: { maw: 200 },
      cell: (file) => (
        <Stack gap={6} miw={0}>
          <LinkAndBadges file={file} />
        </Stack>
      ),
      cardCell: (file) => (
        <Group gap="xs" wrap="wrap" miw={0}>
          <LinkAndBadges file={file} />
        </Group>
      ),
    },
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
    {
      // The uploader shares the upload time's column: the whole table then fits beside the
      // console's navigation from 1366 px up.
      key: 'created',
      header: t('fileManagement.columns.created'),
      cell: (file) => (
        <Stack gap={6}>
          <RelativeTime iso={file.created_at} />
          {creator(file)}
        </Stack>
      ),
      cardCell: (file) => <RelativeTime iso={file.created_at} />,
    },
    {
      key: 'creator',
      header: t('fileManagement.columns.creator'),
      only: 'card',
      when: keyNames !== null,
      cell: creator,
    },
  ];

  return (
    <DataTable
      items={files}
      columns={columns}
      idOf={(file) => file.id}
      nameOf={(file) => file.slug}
      selection={selection}
      actions={(file) => [
        viewAction(t('common.preview'), () => onPreview(file)),
        editAction(t('common.edit'), () => onEdit(file)),
        deleteAction(t('common.delete'), () => onDelete(file)),
      ]}
      testId="file-list"
      rowTestId="file-row"
      rowAttributes={(file) => ({ 'data-slug': file.slug })}
      minWidth={940}
      cardCheckboxTop={6}
    />
  );
}
