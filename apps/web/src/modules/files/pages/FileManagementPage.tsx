import { Button, Tabs } from '@mantine/core';
import { type FileShare, hasPermission } from '@sharebin/shared';
import { IconFiles, IconFolderShare, IconInbox, IconUpload } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notifyError, notifySuccess } from '../../../app/notify';
import { useQueryTab } from '../../../app/use-query-tab';
import { ModuleHeader } from '../../admin';
import { useKeyNames } from '../../api-keys';
import { toPrincipal, useAuth } from '../../auth';
import { useFsShareCollection } from '../../fs-shares';
import {
  CollectionEmpty,
  confirmDanger,
  EmptyState,
  PagedCollection,
  RefreshButton,
  SearchAndBatchBar,
  useBatchDelete,
  useModalTarget,
  useSearchInput,
} from '../../management';
import { storageDisplayName, useStorageChoices } from '../../storage';
import {
  NewUploadRequestButton,
  UploadRequests,
  useUploadRequestCollection,
} from '../../upload-requests';
import { FileEditModal } from '../components/FileEditModal';
import { FileManagementList } from '../components/FileManagementList';
import { FilePreviewModal } from '../components/FilePreviewModal';
import { MountedShares, OpenExplorerButton } from '../components/MountedShares';
import { useDeleteFile, useFileCollection, useFileScope } from '../file-management.hooks';
import { managedFilesApi } from '../files.api';

/** Names of the storages by id; an API key sees only those keys may use. */
function useStorageNames(): ReadonlyMap<string, string> {
  const storages = useStorageChoices();
  const { t } = useTranslation();
  // The built-in storage's name is translated: a language switch renames it.
  const localName = t('storageConfig.providers.local');
  return useMemo(
    () =>
      new Map(
        (storages.data ?? []).map((storage) => [
          storage.id,
          storageDisplayName(storage, localName),
        ]),
      ),
    [storages.data, localName],
  );
}

/**
 * Which list is shown (`?tab=`): the uploaded files, then, for whoever may browse mounts, the
 * links to mounted files and folders (`mounted`) and the upload requests (`requests`).
 */
const FILE_TABS = ['uploaded', 'mounted', 'requests'] as const;
type FileTab = (typeof FILE_TABS)[number];
const UPLOADED_ONLY: readonly [FileTab] = ['uploaded'];

/**
 * The file-management module: every file share for the admin, a key's own for an API key;
 * beside them, for whoever may browse mounts, the links to mounted files and folders and the
 * upload requests.
 */
export default function FileManagementPage() {
  const { t } = useTranslation();
  const withMounts = hasPermission(toPrincipal(useAuth()), 'mount');
  const [tab, setTab] = useQueryTab<FileTab>(withMounts ? FILE_TABS : UPLOADED_ONLY);
  const mountedSearch = useSearchInput();
  const mounted = useFsShareCollection(mountedSearch.search, tab === 'mounted');
  const requestSearch = useSearchInput();
  const requests = useUploadRequestCollection(requestSearch.search, tab === 'requests');
  const scope = useFileScope();
  const isAdmin = scope === 'admin';
  const keyNames = useKeyNames(isAdmin);
  const storageNames = useStorageNames();
  const searchInput = useSearchInput();
  const { search } = searchInput;
  const files = useFileCollection(search);
  const preview = useModalTarget<FileShare>();
  const edit = useModalTarget<FileShare>();
  const deleteFile = useDeleteFile();
  const batchDelete = useBatchDelete(files, (ids) => managedFilesApi.removeMany(scope, ids), {
    title: t('fileManagement.batchDeleteConfirm.title'),
    body: (count) => t('fileManagement.batchDeleteConfirm.body', { count }),
    confirm: (count) => t('fileManagement.batchDeleteConfirm.confirm', { count }),
    cancel: t('common.cancel'),
    done: (count) => t('fileManagement.notifications.batchDeleted', { count }),
  });

  const openEdit = (file: FileShare) => {
    preview.close();
    edit.open(file);
  };

  const confirmDelete = (file: FileShare) =>
    confirmDanger({
      title: t('fileManagement.deleteConfirm.title'),
      body: t('fileManagement.deleteConfirm.body', { name: file.filename, slug: file.slug }),
      confirm: t('common.delete'),
      cancel: t('common.cancel'),
      onConfirm: () =>
        deleteFile.mutate(file.id, {
          onSuccess: () =>
            notifySuccess(t('fileManagement.notifications.deleted', { name: file.filename })),
          onError: (error) => notifyError(error),
        }),
    });

  const uploadButton = (
    <Button component={Link} to="/upload" leftSection={<IconUpload size={16} />}>
      {t('fileManagement.upload')}
    </Button>
  );
  const empty = (
    <CollectionEmpty
      search={search}
      noMatches={{
        title: t('common.noMatches', { search }),
        hint: t('fileManagement.noMatchesHint'),
      }}
      onClearSearch={searchInput.clear}
      testId="file-list-empty"
    >
      <EmptyState
        testId="file-list-empty"
        icon={<IconFiles size={28} stroke={1.6} />}
        title={t('fileManagement.empty')}
        hint={t('fileManagement.emptyHint')}
        action={
          <Button mt="xs" component={Link} to="/upload" leftSection={<IconUpload size={16} />}>
            {t('fileManagement.upload')}
          </Button>
        }
      />
    </CollectionEmpty>
  );

  const uploaded = (
    <>
      <SearchAndBatchBar
        collection={files}
        search={searchInput}
        texts={{
          label: t('fileManagement.search'),
          placeholder: t('fileManagement.searchPlaceholder'),
          count: (count) => t('fileManagement.count', { count }),
          matches: (count) => t('fileManagement.matchCount', { count }),
        }}
        testIdPrefix="file"
        batchDelete={batchDelete}
      />

      <PagedCollection
        collection={files}
        errorTitle={t('fileManagement.loadFailed')}
        empty={empty}
        testIdPrefix="file"
      >
        <FileManagementList
          files={files.items ?? []}
          selection={files.selection}
          onPreview={preview.open}
          onEdit={openEdit}
          onDelete={confirmDelete}
          storageNames={storageNames}
          keyNames={keyNames}
        />
      </PagedCollection>
    </>
  );

  return (
    <>
      <ModuleHeader
        title={t('admin.moduleNames.file-management')}
        description={
          isAdmin
            ? t('admin.moduleDescriptions.file-management')
            : t('fileManagement.descriptionForKey')
        }
        actions={
          tab === 'mounted' ? (
            <>
              <RefreshButton query={mounted.query} />
              <OpenExplorerButton />
            </>
          ) : tab === 'requests' ? (
            <>
              <RefreshButton query={requests.query} />
              <NewUploadRequestButton />
            </>
          ) : (
            <>
              <RefreshButton query={files.query} />
              {uploadButton}
            </>
          )
        }
      />

      {withMounts ? (
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List mb="lg">
            <Tabs.Tab value="uploaded" leftSection={<IconFiles size={16} />}>
              {t('fsShares.manage.tabUploaded')}
            </Tabs.Tab>
            <Tabs.Tab
              value="mounted"
              leftSection={<IconFolderShare size={16} />}
              data-testid="tab-mounted-shares"
            >
              {t('fsShares.manage.tabMounted')}
            </Tabs.Tab>
            <Tabs.Tab
              value="requests"
              leftSection={<IconInbox size={16} />}
              data-testid="tab-upload-requests"
            >
              {t('uploadRequests.manage.tab')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="uploaded">{uploaded}</Tabs.Panel>
          <Tabs.Panel value="mounted">
            <MountedShares collection={mounted} search={mountedSearch} keyNames={keyNames} />
          </Tabs.Panel>
          <Tabs.Panel value="requests">
            <UploadRequests collection={requests} search={requestSearch} keyNames={keyNames} />
          </Tabs.Panel>
        </Tabs>
      ) : (
        uploaded
      )}

      <FilePreviewModal
        file={preview.target}
        storageName={preview.target ? storageNames.get(preview.target.s3_config_id) : undefined}
        opened={preview.opened}
        onClose={preview.close}
        onExited={preview.exited}
        onEdit={openEdit}
      />
      <FileEditModal
        file={edit.target}
        opened={edit.opened}
        onClose={edit.close}
        onExited={edit.exited}
      />
    </>
  );
}
