import { Anchor, Badge, Group, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import type { UploadRequest } from '@sharebin/shared';
import { IconCopy, IconInbox } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime, formatRelative, isPast } from '../../../app/format';
import { appPath } from '../../../app/runtime-config';
import { formatBytes } from '../../../shared/format-bytes';
import {
  type CollectionSelection,
  createdColumns,
  DataTable,
  deleteAction,
  editAction,
  RelativeTime,
  ShareLink,
  ShareTitle,
  shareLinkColumn,
  type TableColumn,
  viewAction,
} from '../../management';
import { explorerHref } from '../../mount-explorer';
import { ExpiredBadge, PasswordBadge } from '../../pastes';
import { requestHref } from '../upload-request.paths';
import { limitTexts } from './RequestLimitBadges';

export interface UploadRequestListProps {
  requests: readonly UploadRequest[];
  selection: CollectionSelection;
  onView: (request: UploadRequest) => void;
  onCopy: (request: UploadRequest) => void;
  onEdit: (request: UploadRequest) => void;
  onDelete: (request: UploadRequest) => void;
  /** The admin sees who made each request; null hides the column. */
  keyNames: ReadonlyMap<string, string> | null;
}

/** The folder files go into, opening it in the explorer. */
function FolderPath({ path }: { path: string }) {
  const { t } = useTranslation();
  return (
    <Tooltip label={t('uploadRequests.manage.showInExplorer')} openDelay={300}>
      <Anchor
        component={Link}
        to={explorerHref(path)}
        size="xs"
        ff="monospace"
        c="dimmed"
        // A path breaks anywhere: two even lines rather than one per segment.
        style={{ wordBreak: 'break-all' }}
        data-testid="upload-request-folder"
      >
        {path}
      </Anchor>
    </Tooltip>
  );
}

/** Files and bytes received (of the most it takes), and whether it is full. */
function Received({ request }: { request: UploadRequest }) {
  const { t, i18n } = useTranslation();
  const words = 'uploadRequests.manage';
  const size = formatBytes(request.bytes_received, i18n.language);
  const full = request.max_files > 0 && request.files_received >= request.max_files;
  return (
    <Group gap={6} wrap="wrap">
      <Text size="sm" data-testid="upload-request-received">
        {request.max_files > 0
          ? t(`${words}.receivedOf`, { count: request.files_received, max: request.max_files })
          : t(`${words}.received`, { count: request.files_received })}
        {' · '}
        <Text span inherit style={{ whiteSpace: 'nowrap' }}>
          {size}
        </Text>
      </Text>
      {full && (
        <Badge size="xs" color="orange" variant="filled">
          {t(`${words}.full`)}
        </Badge>
      )}
    </Group>
  );
}

function Expiry({ request }: { request: UploadRequest }) {
  const { t } = useTranslation();
  if (!request.expires_at) {
    return (
      <Text size="sm" c="dimmed">
        {t('common.never')}
      </Text>
    );
  }
  return (
    <Group gap={6} wrap="nowrap">
      <RelativeTime iso={request.expires_at} />
      {isPast(request.expires_at) && <ExpiredBadge />}
    </Group>
  );
}

/** The upload requests: a table on wide screens, cards on phones. */
export function UploadRequestList({
  requests,
  selection,
  onView,
  onCopy,
  onEdit,
  onDelete,
  keyNames,
}: UploadRequestListProps) {
  const { t, i18n } = useTranslation();
  const words = 'uploadRequests.manage';
  const columns: TableColumn<UploadRequest>[] = [
    {
      key: 'folder',
      header: t(`${words}.columns.folder`),
      card: 'head',
      td: { miw: 170, maw: 210 },
      cell: (request) => (
        <Stack gap={4} miw={0}>
          <ShareTitle
            icon={
              <ThemeIcon size={32} radius="md" variant="light" style={{ flexShrink: 0 }}>
                <IconInbox size={18} stroke={1.6} />
              </ThemeIcon>
            }
            name={request.name || request.path}
            remark={request.remark}
            testIdPrefix="upload-request"
          />
          <FolderPath path={request.path} />
        </Stack>
      ),
    },
    shareLinkColumn(t(`${words}.columns.link`), (request) => (
      <>
        <ShareLink
          ns={'uploadRequests'}
          href={appPath(requestHref(request.slug))}
          slug={request.slug}
          testId="upload-request-link"
        />
        {request.has_password && <PasswordBadge />}
      </>
    )),
    {
      key: 'accepts',
      header: t(`${words}.columns.accepts`),
      card: 'wide',
      td: { miw: 130, maw: 170 },
      cell: (request) => (
        <Stack gap={2}>
          {limitTexts(t, i18n.language, request).map((text) => (
            <Text key={text} size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {text}
            </Text>
          ))}
        </Stack>
      ),
    },
    {
      key: 'received',
      header: t(`${words}.columns.received`),
      td: { miw: 120, maw: 160 },
      cell: (request) => (
        <Stack gap={4}>
          <Received request={request} />
          {request.last_received_at ? (
            <Tooltip label={formatDateTime(request.last_received_at, i18n.language)}>
              <Text size="xs" c="dimmed" w="fit-content">
                {t(`${words}.lastArrival`, {
                  time: formatRelative(request.last_received_at, i18n.language),
                })}
              </Text>
            </Tooltip>
          ) : (
            <Text size="xs" c="dimmed">
              {t(`${words}.nothingYet`)}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'expires',
      header: t('common.expires'),
      cell: (request) => <Expiry request={request} />,
    },
    ...createdColumns<UploadRequest>(
      {
        created: t(`${words}.columns.created`),
        creator: t(`${words}.columns.creator`),
      },
      { ns: 'uploadRequests', keyNames, testId: 'upload-request-creator' },
    ),
  ];

  return (
    <DataTable
      items={requests}
      columns={columns}
      idOf={(request) => request.id}
      nameOf={(request) => request.slug}
      selection={selection}
      actions={(request) => [
        viewAction(t(`${words}.viewArrivals`), () => onView(request)),
        {
          label: t('common.copyLink'),
          icon: <IconCopy size={17} stroke={1.7} />,
          onClick: () => onCopy(request),
          testId: 'upload-request-copy',
        },
        editAction(t('common.edit'), () => onEdit(request)),
        deleteAction(t('common.delete'), () => onDelete(request)),
      ]}
      testId="upload-request-list"
      rowTestId="upload-request-row"
      rowAttributes={(request) => ({ 'data-slug': request.slug })}
      minWidth={980}
      cardCheckboxTop={6}
    />
  );
}
