import { Button } from '@mantine/core';
import { type FileShare, hasPermission } from '@sharebin/shared';
import { IconFiles, IconFolderShare, IconInbox, IconUpload } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQueryTab } from '../../../app/use-query-tab';
import { ModuleHeader } from '../../admin';
import { useKeyNames } from '../../api-keys';
import { toPrincipal, useAuth } from '../../auth';
import { useFsShareCollection } from '../../fs-shares';
import {
  RefreshButton,
  SectionTabs,
  ShareSection,
  useSearchInput,
  useShareSection,
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
  const search = useSearchInput();
  const deleteFile = useDeleteFile();
  const section = useShareSection({
    ns: 'fileManagement',
    collection: useFileCollection(search.search),
    search,
    removeMany: (ids) => managedFilesApi.removeMany(scope, ids),
    removeOne: (file: FileShare, done) => deleteFile.mutate(file.id, done),
    namesOf: (file) => ({ name: file.filename, slug: file.slug }),
  });
  const { collection: files, view: preview, edit, openEdit } = section;

  const uploadButton = (
    <Button component={Link} to="/upload" leftSection={<IconUpload size={16} />}>
      {t('fileManagement.upload')}
    </Button>
  );
  const uploaded = (
    <ShareSection
      section={section}
      icon={IconFiles}
      emptyAction={
        <Button mt="xs" component={Link} to="/upload" leftSection={<IconUpload size={16} />}>
          {t('fileManagement.upload')}
        </Button>
      }
    >
      <FileManagementList
        files={files.items ?? []}
        selection={files.selection}
        onPreview={preview.open}
        onEdit={openEdit}
        onDelete={section.confirmDelete}
        storageNames={storageNames}
        keyNames={keyNames}
      />
    </ShareSection>
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
        <SectionTabs
          tab={tab}
          onChange={setTab}
          tabs={[
            {
              value: 'uploaded',
              icon: IconFiles,
              label: t('fsShares.manage.tabUploaded'),
              panel: uploaded,
            },
            {
              value: 'mounted',
              icon: IconFolderShare,
              label: t('fsShares.manage.tabMounted'),
              testId: 'tab-mounted-shares',
              panel: (
                <MountedShares collection={mounted} search={mountedSearch} keyNames={keyNames} />
              ),
            },
            {
              value: 'requests',
              icon: IconInbox,
              label: t('uploadRequests.manage.tab'),
              testId: 'tab-upload-requests',
              panel: (
                <UploadRequests collection={requests} search={requestSearch} keyNames={keyNames} />
              ),
            },
          ]}
        />
      ) : (
        uploaded
      )}

      <FilePreviewModal
        file={preview.target}
        storageName={preview.target ? storageNames.get(preview.target.s3_config_id) : undefined}
        {...preview.modal}
        onEdit={openEdit}
      />
      <FileEditModal file={edit.target} {...edit.modal} />
    </>
  );
}
