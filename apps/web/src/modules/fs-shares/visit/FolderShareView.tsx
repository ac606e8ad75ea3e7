import {
  Alert,
  Anchor,
  Breadcrumbs,
  Button,
  Group,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { ERROR_CODES, type PublicFsEntry, type PublicFsShare } from '@sharebin/shared';
import {
  IconDownload,
  IconFileZip,
  IconFolder,
  IconFolderFilled,
  IconFolderOpen,
  IconFolderQuestion,
} from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../../app/api-client';
import { downloadUrl } from '../../../app/download';
import { formatDateTime } from '../../../app/format';
import { notifyError, notifySuccess } from '../../../app/notify';
import { useNearViewport } from '../../../app/use-near-viewport';
import { resolveBackendUrl } from '../../../shared/backend';
import { formatBytes } from '../../../shared/format-bytes';
import { fileTypeIcon, previewKind } from '../../files';
import {
  CollectionStatus,
  DataTable,
  EmptyState,
  type RowAction,
  type TableColumn,
  useModalTarget,
  useRangeSelection,
  viewAction,
} from '../../management';
import { EntryThumbnail, hasThumbnail } from '../../mount-explorer';
import { ShareUnavailable, ShareViewFrame, unavailableReason } from '../../shares';
import { shareCrumbs, shareHref } from '../fs-share.paths';
import { fsShareVisitApi } from '../fs-shares.api';
import { SharedFileModal, sharedFile } from './SharedFilePreview';
import { ShareHeading, shareLimits } from './ShareHeading';
import {
  needsPassword,
  RECOUNT_DELAY_MS,
  type ShareAccess,
  useShareListing,
} from './share-visit.hooks';

/** The shared folder (named as the share), then every folder down to `path`, as links. */
function ShareBreadcrumbs({ slug, name, path }: { slug: string; name: string; path: string }) {
  const { t } = useTranslation();
  const crumbs = shareCrumbs(path);
  return (
    // Its own line on a phone rather than squeezed beside the buttons.
    <ScrollArea type="never" style={{ minWidth: 0, flex: '1 1 220px' }}>
      <Breadcrumbs
        separatorMargin={6}
        component="nav"
        aria-label={t('fsShares.view.folder.breadcrumbs')}
        style={{ flexWrap: 'nowrap', whiteSpace: 'nowrap' }}
        data-testid="fs-share-breadcrumbs"
      >
        {crumbs.map((crumb, index) => {
          const label =
            crumb.path === '/' ? (
              <span key="root" style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
                <IconFolder size={14} />
                {name}
              </span>
            ) : (
              crumb.name
            );
          return index === crumbs.length - 1 ? (
            <Text key={crumb.path} size="sm" fw={600} aria-current="page">
              {label}
            </Text>
          ) : (
            <Anchor key={crumb.path} size="sm" component={Link} to={shareHref(slug, crumb.path)}>
              {label}
            </Anchor>
          );
        })}
      </Breadcrumbs>
    </ScrollArea>
  );
}

/** An entry's icon and name: a folder opens in the page, a file in its preview. */
function EntryName({
  slug,
  token,
  entry,
  onOpenFile,
}: {
  slug: string;
  token: string | null;
  entry: PublicFsEntry;
  onOpenFile: (entry: PublicFsEntry) => void;
}) {
  const thumbnails = useMemo(() => fsShareVisitApi.thumbnails(slug, token), [slug, token]);
  // The share's list is not virtualised: only rows near the screen ask for their picture.
  const [nearRef, near] = useNearViewport<HTMLSpanElement>();
  const Icon = entry.is_directory
    ? IconFolderFilled
    : fileTypeIcon(previewKind(entry.mimetype ?? '', entry.name), entry.mimetype ?? '');
  const icon = (
    <Icon
      size={22}
      stroke={1.5}
      style={{ flexShrink: 0 }}
      color={
        entry.is_directory
          ? 'light-dark(var(--mantine-color-yellow-6), var(--mantine-color-yellow-5))'
          : 'var(--mantine-color-dimmed)'
      }
    />
  );
  const content = (
    <Group gap="sm" wrap="nowrap" miw={0}>
      {hasThumbnail(entry) ? (
        <span ref={nearRef} style={{ display: 'inline-flex', flexShrink: 0 }}>
          {near ? <EntryThumbnail entry={entry} size={22} icon={icon} source={thumbnails} /> : icon}
        </span>
      ) : (
        icon
      )}
      <Text size="sm" fw={500} style={{ wordBreak: 'break-word' }} data-testid="fs-entry-name">
        {entry.name}
      </Text>
    </Group>
  );
  if (entry.is_directory) {
    return (
      <Anchor component={Link} to={shareHref(slug, entry.path)} c="inherit" underline="hover">
        {content}
      </Anchor>
    );
  }
  return (
    <UnstyledButton
      onClick={() => onOpenFile(entry)}
      style={{ minWidth: 0, display: 'block', textAlign: 'start' }}
    >
      {content}
    </UnstyledButton>
  );
}

/** Why the folder of the address cannot be listed, when the share itself still can. */
function MissingFolder({ slug }: { slug: string }) {
  const { t } = useTranslation();
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconFolderQuestion size={18} />}
      title={t('fsShares.view.folder.missingTitle')}
      data-testid="fs-share-missing-folder"
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('fsShares.view.folder.missingBody')}</Text>
        <Button size="xs" variant="light" color="orange" component={Link} to={shareHref(slug)}>
          {t('fsShares.view.folder.backToTop')}
        </Button>
      </Stack>
    </Alert>
  );
}

/** A folder that is not there (renamed, deleted) or a file asked for as a folder. */
const isMissingFolder = (error: unknown) =>
  isApiError(error) &&
  (error.code === ERROR_CODES.fsShareEntryNotFound ||
    error.code === ERROR_CODES.fsShareNotAFile ||
    error.status === 404 ||
    error.status === 400);

/**
 * A shared folder, read only: the breadcrumb from the share's name down to the folder of the
 * address, its entries (a folder opens, a file previews or downloads), and zips of the
 * selection or of everything here.
 */
export function FolderShareView({
  slug,
  share,
  access,
  path,
}: {
  slug: string;
  share: PublicFsShare;
  access: ShareAccess;
  path: string;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const listing = useShareListing(slug, path, access.token);
  // Folders first, then by name as the reader's language sorts (numbers by their value).
  const entries = useMemo(
    () =>
      [...(listing.data?.items ?? [])].sort(
        (a, b) =>
          Number(b.is_directory) - Number(a.is_directory) ||
          a.name.localeCompare(b.name, i18n.language, { numeric: true }),
      ),
    [listing.data, i18n.language],
  );
  const order = useMemo(() => entries.map((entry) => entry.path), [entries]);
  const selection = useRangeSelection(order, path);
  const preview = useModalTarget<PublicFsEntry>();
  const limited = shareLimits(share, access).remaining_views !== null;
  const { forget, refresh } = access;

  // A token that no longer opens the share: the password is asked for again.
  useEffect(() => {
    if (access.token !== null && needsPassword(listing.error)) forget();
  }, [access.token, listing.error, forget]);

  const downloaded = () => {
    if (limited) window.setTimeout(refresh, RECOUNT_DELAY_MS);
  };
  const zip = useMutation({
    mutationFn: ({ paths }: { paths: string[]; of: 'all' | 'selection' }) =>
      fsShareVisitApi.zipLink(slug, paths, access.token),
    onSuccess: ({ url }) => {
      notifySuccess(t('fsShares.view.folder.zipStarting'));
      window.location.href = resolveBackendUrl(url);
      downloaded();
    },
    onError: (error) => {
      notifyError(error);
      refresh();
    },
  });

  const gone = unavailableReason('fs', listing.error);
  if (gone) return <ShareUnavailable kind="fs" reason={gone} />;

  const downloadFile = (entry: PublicFsEntry) => {
    downloadUrl(sharedFile(slug, access.token, entry).downloadUrl, entry.name);
    downloaded();
  };
  const columns: TableColumn<PublicFsEntry>[] = [
    {
      key: 'name',
      header: t('common.name'),
      card: 'head',
      td: { miw: 220 },
      cell: (entry) => (
        <EntryName slug={slug} token={access.token} entry={entry} onOpenFile={preview.open} />
      ),
    },
    {
      key: 'size',
      header: t('common.size'),
      td: { w: 120, style: { whiteSpace: 'nowrap' } },
      cell: (entry) => (
        <Text size="sm" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {entry.is_directory || entry.size === null ? '—' : formatBytes(entry.size, i18n.language)}
        </Text>
      ),
    },
    {
      key: 'modified',
      header: t('fsShares.view.meta.modified'),
      td: { w: 200, style: { whiteSpace: 'nowrap' } },
      cell: (entry) => (
        <Text size="sm" c="dimmed">
          {formatDateTime(entry.modified, i18n.language) || '—'}
        </Text>
      ),
    },
  ];
  const actions = (entry: PublicFsEntry): RowAction[] =>
    entry.is_directory
      ? [
          {
            label: t('fsShares.view.folder.openFolder'),
            icon: <IconFolderOpen size={17} stroke={1.7} />,
            onClick: () => navigate(shareHref(slug, entry.path)),
            testId: 'fs-entry-open',
          },
        ]
      : [
          {
            ...viewAction(t('common.preview'), () => preview.open(entry)),
            testId: 'fs-entry-preview',
          },
          {
            label: t('common.download'),
            icon: <IconDownload size={17} stroke={1.7} />,
            onClick: () => downloadFile(entry),
            testId: 'fs-entry-download',
          },
        ];

  const selected = entries.filter((entry) => selection.has(entry.path));
  return (
    <ShareViewFrame>
      <ShareHeading
        icon={IconFolderOpen}
        label={t('fsShares.view.folder.label')}
        share={share}
        access={access}
      />
      <Group justify="space-between" gap="sm" wrap="wrap">
        <ShareBreadcrumbs slug={slug} name={share.name ?? ''} path={path} />
        <Group gap="xs" wrap="wrap">
          {selected.length > 0 && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconFileZip size={14} />}
              loading={zip.isPending && zip.variables?.of === 'selection'}
              onClick={() =>
                zip.mutate({ paths: selected.map((entry) => entry.path), of: 'selection' })
              }
              data-testid="fs-share-zip-selection"
            >
              {t('fsShares.view.folder.downloadSelection')}
              <Text span size="xs" ml={6} c="dimmed" inherit>
                ({selected.length})
              </Text>
            </Button>
          )}
          <Button
            size="xs"
            leftSection={<IconDownload size={14} />}
            disabled={entries.length === 0}
            loading={zip.isPending && zip.variables?.of === 'all'}
            onClick={() => zip.mutate({ paths: [path], of: 'all' })}
            data-testid="fs-share-zip-all"
          >
            {t('fsShares.view.folder.downloadAll')}
          </Button>
        </Group>
      </Group>
      {limited && (
        <Text size="xs" c="dimmed" data-testid="fs-share-limit-hint">
          {t('fsShares.view.folder.limitHint', {
            count: shareLimits(share, access).remaining_views ?? 0,
          })}
        </Text>
      )}
      {isMissingFolder(listing.error) ? (
        <MissingFolder slug={slug} />
      ) : (
        <CollectionStatus
          query={listing}
          isEmpty={entries.length === 0}
          errorTitle={t('fsShares.view.loadFailed')}
          skeleton={{ rows: 5, height: 36 }}
          empty={
            <EmptyState
              testId="fs-share-empty"
              icon={<IconFolderOpen size={28} stroke={1.6} />}
              title={t('fsShares.view.folder.empty')}
              hint={t('fsShares.view.folder.emptyHint')}
            />
          }
        >
          <DataTable
            items={entries}
            columns={columns}
            idOf={(entry) => entry.path}
            nameOf={(entry) => entry.name}
            selection={selection}
            actions={actions}
            testId="fs-share-entries"
            rowTestId="fs-share-entry"
            rowAttributes={(entry) => ({
              'data-name': entry.name,
              'data-kind': entry.is_directory ? 'folder' : 'file',
            })}
            minWidth={640}
          />
        </CollectionStatus>
      )}
      <SharedFileModal
        slug={slug}
        token={access.token}
        entry={preview.target}
        opened={preview.opened}
        limited={limited}
        onClose={preview.close}
        onExited={preview.exited}
        onDownload={downloaded}
        onOpenFile={preview.open}
      />
    </ShareViewFrame>
  );
}
