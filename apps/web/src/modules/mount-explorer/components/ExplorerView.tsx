import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconCloudUpload, IconLock } from '@tabler/icons-react';
import { type DragEvent, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toPrincipal, useAuth } from '../../auth';
import { BasketButton } from '../../basket';
import {
  ShareEntryModal,
  useRefreshFsShares,
  useSharedPaths,
  useSharesUnderCount,
} from '../../fs-shares';
import { CollectionStatus, useRangeSelection } from '../../management';
import { RequestFilesModal } from '../../upload-requests';
import { EntryActionsContext } from '../explorer.actions-context';
import { ENTRY_DRAG_TYPE } from '../explorer.drop';
import {
  canRequestFilesInto,
  canWriteSomewhere,
  isArchive,
  isEntryWritable,
} from '../explorer.format';
import { useExplorerPrefs, useListing, useRefreshFs } from '../explorer.hooks';
import { baseName, childPath, explorerHref } from '../explorer.paths';
import { nextSortOrder, sortEntries } from '../explorer.sort';
import { fsApi } from '../fs.api';
import { droppedFiles } from '../upload/dropped-files';
import { useMountUploads } from '../upload/use-mount-uploads';
import { useEntryDrag } from '../use-entry-drag';
import { useExplorerCommands } from '../use-explorer-commands';
import { Breadcrumbs } from './Breadcrumbs';
import { EditorModal } from './EditorModal';
import { EntryCollection } from './EntryCollection';
import { EmptyFolder, ListingError, ListSkeleton } from './ExplorerStates';
import { ExplorerToolbar } from './ExplorerToolbar';
import { ExtractModal } from './ExtractModal';
import classes from './explorer.module.css';
import { NameModal } from './NameModal';
import { PreviewModal } from './PreviewModal';
import { SearchModal } from './SearchModal';
import { TransferModal } from './TransferModal';
import { UnfinishedUploads } from './UnfinishedUploads';
import { UploadModal } from './UploadModal';
import { WebDavButton } from './WebDavButton';

/** The browser at one folder: toolbar, entries, and every dialog acting on them. */
export function ExplorerView({ path, preview }: { path: string; preview: string | null }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const auth = useAuth();
  const listing = useListing(path);
  const refreshFs = useRefreshFs();
  const refreshShares = useRefreshFsShares();
  // Writes re-point the shares of what they rename or move, and end those of what they delete.
  const refresh = useCallback(
    () => Promise.all([refreshFs(), refreshShares()]),
    [refreshFs, refreshShares],
  );
  const { view, setView, sort, setSort } = useExplorerPrefs();
  const commands = useExplorerCommands(refresh);
  const uploads = useMountUploads(() => void refresh());
  const [dialog, setDialog] = useState<'upload' | 'newFolder' | 'search' | null>(null);
  const [dragging, setDragging] = useState(false);

  const entries = useMemo(
    () => (listing.data ? sortEntries(listing.data.items, sort, i18n.language) : []),
    [listing.data, sort, i18n.language],
  );
  const order = useMemo(() => entries.map((entry) => entry.path), [entries]);
  const selection = useRangeSelection(order, path);

  const readOnly = listing.data?.read_only ?? true;
  const selected = entries.filter((entry) => selection.has(entry.path));
  const selectionWritable =
    selected.length > 0 && selected.every((entry) => isEntryWritable(entry, readOnly));
  const names = useMemo(() => entries.map((entry) => entry.name), [entries]);
  const previewEntry = preview
    ? (entries.find((entry) => entry.name === preview && !entry.is_directory) ?? null)
    : null;
  const missingPreview = preview && listing.isSuccess && !previewEntry ? preview : null;
  // The list of mounts itself is no share's; its mounts are.
  const sharedPaths = useSharedPaths(path, listing.isSuccess);
  const [onlySelected] = selected;
  const shareable = selected.length === 1 && onlySelected && !onlySelected.is_virtual;
  const requestable =
    selected.length === 1 && onlySelected && canRequestFilesInto(onlySelected, readOnly);
  const canCopy = canWriteSomewhere(toPrincipal(auth));
  const extractable = selected.length === 1 && onlySelected && canCopy && isArchive(onlySelected);
  const followingRename = useSharesUnderCount(commands.renaming ? [commands.renaming.path] : []);
  const followingMove = useSharesUnderCount(
    commands.transfer?.mode === 'move' ? commands.transfer.entries.map((entry) => entry.path) : [],
  );

  // A drop on a folder asks as the menus do: the move or copy dialog, at that folder.
  const drag = useEntryDrag({
    copyable: canCopy,
    onDrop: (mode, dropped, target) => commands.actions[mode](dropped, target),
    openFolder: (target) => {
      if (target !== path) navigate(explorerHref(target));
    },
  });

  const onDrop = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    setDragging(false);
    if (readOnly) return;
    void droppedFiles(event.dataTransfer).then((files) => {
      if (files.length === 0) return;
      uploads.add(files, path);
      setDialog('upload');
    });
  };

  return (
    <EntryActionsContext.Provider value={commands.actions}>
      <div className={classes.page}>
        <Group gap="sm" wrap="nowrap" justify="space-between">
          <Breadcrumbs
            path={path}
            onNavigate={(target) => navigate(explorerHref(target))}
            hrefOf={explorerHref}
            basePath={auth.authType === 'apikey' ? auth.userInfo.basicPath : '/'}
            drop={drag}
          />
          <Group gap={6} wrap="nowrap">
            {listing.isSuccess && readOnly && !listing.data.is_root && (
              <Tooltip label={t('mountExplorer.toolbar.readOnlyHint')}>
                <Badge
                  variant="light"
                  color="gray"
                  leftSection={<IconLock size={12} />}
                  data-testid="read-only-badge"
                >
                  {t('mountExplorer.toolbar.readOnly')}
                </Badge>
              </Tooltip>
            )}
            {listing.isSuccess && (
              <Text size="xs" c="dimmed" visibleFrom="sm" data-testid="entry-count">
                {t('common.itemCount', { count: entries.length })}
              </Text>
            )}
            <WebDavButton />
            <BasketButton />
          </Group>
        </Group>
        <ExplorerToolbar
          selectedCount={selection.count}
          writable={listing.isSuccess && !readOnly}
          selectionWritable={selectionWritable}
          canCopy={canCopy}
          canShare={Boolean(shareable)}
          onShare={() => onlySelected && commands.actions.share(onlySelected)}
          canRequestFiles={Boolean(requestable)}
          onRequestFiles={() =>
            commands.actions.requestFiles(
              requestable && onlySelected ? onlySelected : { path, name: baseName(path) },
            )
          }
          canExtract={Boolean(extractable)}
          onExtract={() => onlySelected && commands.actions.extract(onlySelected)}
          onUpload={() => setDialog('upload')}
          onNewFolder={() => setDialog('newFolder')}
          onMove={() => commands.actions.move(selected)}
          onCopy={() => commands.actions.copy(selected)}
          onAddToBasket={() => {
            commands.actions.addToBasket(selected);
            selection.clear();
          }}
          onDelete={() => commands.actions.remove(selected)}
          onClearSelection={selection.clear}
          onSelectAll={selection.selectAll}
          onSearch={() => setDialog('search')}
          sort={sort}
          onSort={setSort}
          view={view}
          onView={setView}
          onRefresh={() => void listing.refetch()}
          refreshing={listing.isFetching}
        />
        {listing.isSuccess && !readOnly && !listing.data.is_root && (
          <UnfinishedUploads folder={path} uploads={uploads} />
        )}
        {/* biome-ignore lint/a11y/noStaticElementInteractions: the pane is a drop target for files; the upload dialog is the keyboard way */}
        <div
          className={classes.pane}
          data-dragging={dragging || undefined}
          onDragOver={(event) => {
            if (event.dataTransfer.types.includes(ENTRY_DRAG_TYPE)) drag.overNothing();
            if (readOnly || !event.dataTransfer.types.includes('Files')) return;
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null))
              setDragging(false);
          }}
          onDrop={onDrop}
        >
          {dragging && (
            <div className={classes.dropOverlay}>
              <Group gap="xs">
                <IconCloudUpload size={28} />
                <Text fw={600}>{t('mountExplorer.upload.dropOnPage')}</Text>
              </Group>
            </div>
          )}
          <CollectionStatus
            query={listing}
            isEmpty={entries.length === 0}
            loading={<ListSkeleton />}
            failed={<ListingError error={listing.error} onRetry={() => void listing.refetch()} />}
            empty={<EmptyFolder isRoot={listing.data?.is_root ?? false} readOnly={readOnly} />}
          >
            <EntryCollection
              entries={entries}
              view={view}
              selection={selection}
              sort={sort}
              onSort={(key) => setSort(nextSortOrder(sort, key))}
              readOnly={readOnly}
              sharedPaths={sharedPaths}
              drag={drag}
            />
          </CollectionStatus>
        </div>
      </div>

      <UploadModal
        opened={dialog === 'upload'}
        folder={path}
        uploads={uploads}
        onClose={() => setDialog(null)}
      />
      <NameModal
        opened={dialog === 'newFolder'}
        title={t('mountExplorer.newFolder.title')}
        label={t('mountExplorer.newFolder.label')}
        placeholder={t('mountExplorer.newFolder.placeholder')}
        submitLabel={t('mountExplorer.newFolder.submit')}
        initialName=""
        siblings={names}
        onClose={() => setDialog(null)}
        onSubmit={async (name) => {
          await fsApi.mkdir(childPath(path, name));
          void refresh();
        }}
      />
      <NameModal
        opened={commands.renaming !== null}
        title={t('common.rename')}
        label={t('mountExplorer.rename.label')}
        submitLabel={t('common.rename')}
        initialName={commands.renaming?.name ?? ''}
        siblings={names.filter((name) => name !== commands.renaming?.name)}
        notice={
          followingRename > 0 && (
            <Text size="sm" c="dimmed" data-testid="rename-shares-notice">
              {t('fsShares.explorer.renameFollows', { count: followingRename })}
            </Text>
          )
        }
        onClose={commands.closeRename}
        onSubmit={async (name) => {
          if (!commands.renaming) return;
          await fsApi.rename(commands.renaming.path, childPath(path, name));
          void refresh();
        }}
      />
      <TransferModal
        mode={commands.transfer?.mode ?? 'copy'}
        entries={commands.transfer?.entries ?? []}
        startFolder={commands.transfer?.target ?? path}
        notice={
          followingMove > 0 && (
            <Text size="sm" c="dimmed" data-testid="move-shares-notice">
              {t('fsShares.explorer.moveFollows', { count: followingMove })}
            </Text>
          )
        }
        onClose={commands.closeTransfer}
        onDone={() => {
          selection.clear();
          void refresh();
        }}
      />
      <ExtractModal
        entry={commands.extracting}
        onClose={commands.closeExtract}
        onDone={() => void refresh()}
      />
      <SearchModal
        opened={dialog === 'search'}
        folder={path}
        mountId={listing.data?.mount_id ?? null}
        initialQuery=""
        onClose={() => setDialog(null)}
        onOpen={(entry) => {
          setDialog(null);
          commands.actions.open(entry);
        }}
      />
      {/* Editing or extracting the file previewed puts its dialog in the preview's place. */}
      <PreviewModal
        entry={commands.editing || commands.extracting ? null : previewEntry}
        missingName={commands.editing || commands.extracting ? null : missingPreview}
        writable={!readOnly}
        onClose={() => navigate(explorerHref(path))}
        siblings={entries}
        onShow={(entry) => navigate(explorerHref(path, entry.name), { replace: true })}
      />
      <EditorModal
        entry={commands.editing}
        onClose={commands.closeEditor}
        onSaved={() => void refresh()}
      />
      <ShareEntryModal entry={commands.sharing} onClose={commands.closeShare} />
      <RequestFilesModal
        opened={commands.requesting !== null}
        folder={commands.requesting}
        onClose={commands.closeRequest}
      />
    </EntryActionsContext.Provider>
  );
}
