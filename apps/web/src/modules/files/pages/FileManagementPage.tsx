import { Button } from '@mantine/core';
import type { FileShare } from '@sharebin/shared';
import { IconFiles, IconUpload } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notifyError, notifySuccess } from '../../../app/notify';
import { ModuleHeader } from '../../admin';
import { useKeyNames } from '../../api-keys';
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
import { FileEditModal } from '../components/FileEditModal';
import { FileManagementList } from '../components/FileManagementList';
import { FilePreviewModal } from '../components/FilePreviewModal';
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

/** The file-management module: every file share for the admin, a key's own for an API key. */
export default function FileManagementPage() {
  const { t } = useTranslation();
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
          <>
            <RefreshButton query={files.query} />
            {uploadButton}
          </>
        }
      />

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
