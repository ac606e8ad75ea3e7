import { Button } from '@mantine/core';
import type { UploadRequest } from '@sharebin/shared';
import { IconInbox, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCopy } from '../../../app/clipboard';
import { notifyError, notifySuccess, notifyWarning } from '../../../app/notify';
import { toPrincipal, useAuth } from '../../auth';
import {
  CollectionEmpty,
  confirmDanger,
  EmptyState,
  PagedCollection,
  SearchAndBatchBar,
  useBatchDelete,
  useModalTarget,
  type useSearchInput,
} from '../../management';
import { canWriteSomewhere } from '../../mount-explorer';
import { uploadRequestsApi } from '../upload-requests.api';
import { useDeleteUploadRequest, type useUploadRequestCollection } from '../upload-requests.hooks';
import { RequestDetailsModal } from './RequestDetailsModal';
import { RequestFilesModal } from './RequestFilesModal';
import { UploadRequestEditModal } from './UploadRequestEditModal';
import { UploadRequestList } from './UploadRequestList';

/** Whether the session may ask for files: a read-only key can write nowhere. */
export function useCanRequestFiles(): boolean {
  return canWriteSomewhere(toPrincipal(useAuth()));
}

/** New upload request, into a folder typed in; nothing for a session that may not make one. */
export function NewUploadRequestButton({ variant }: { variant?: 'filled' | 'light' }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  if (!useCanRequestFiles()) return null;
  return (
    <>
      <Button
        variant={variant}
        leftSection={<IconPlus size={16} />}
        onClick={() => setOpened(true)}
        data-testid="new-upload-request"
      >
        {t('uploadRequests.manage.new')}
      </Button>
      <RequestFilesModal opened={opened} folder={null} onClose={() => setOpened(false)} />
    </>
  );
}

/**
 * File management's tab of upload requests (every one for the admin, a key's own): their
 * folders, links and limits, what arrived, with each request's own view, copy, edit and delete.
 */
export function UploadRequests({
  collection,
  search,
  keyNames,
}: {
  collection: ReturnType<typeof useUploadRequestCollection>;
  search: ReturnType<typeof useSearchInput>;
  keyNames: ReadonlyMap<string, string> | null;
}) {
  const { t } = useTranslation();
  const words = 'uploadRequests.manage';
  const { copy } = useCopy();
  const details = useModalTarget<UploadRequest>();
  const edit = useModalTarget<UploadRequest>();
  const remove = useDeleteUploadRequest();
  const batchDelete = useBatchDelete(collection, uploadRequestsApi.removeMany, {
    title: t(`${words}.batchDeleteConfirm.title`),
    body: (count) => t(`${words}.batchDeleteConfirm.body`, { count }),
    confirm: (count) => t(`${words}.batchDeleteConfirm.confirm`, { count }),
    cancel: t('common.cancel'),
    done: (count) => t(`${words}.batchDeleted`, { count }),
  });

  const copyLink = async (request: UploadRequest) => {
    if (await copy(request.url)) notifySuccess(t('uploadRequests.notifications.linkCopied'));
    else notifyWarning(request.url);
  };
  const openEdit = (request: UploadRequest) => {
    details.close();
    edit.open(request);
  };
  const confirmDelete = (request: UploadRequest) =>
    confirmDanger({
      title: t(`${words}.deleteConfirm.title`),
      body: t(`${words}.deleteConfirm.body`, { slug: request.slug, name: request.name }),
      confirm: t('common.delete'),
      cancel: t('common.cancel'),
      onConfirm: () =>
        remove.mutate(request, {
          onSuccess: () =>
            notifySuccess(t('uploadRequests.notifications.deleted', { slug: request.slug })),
          onError: (error) => notifyError(error),
        }),
    });

  const empty = (
    <CollectionEmpty
      search={search.search}
      noMatches={{
        title: t('common.noMatches', { search: search.search }),
        hint: t(`${words}.noMatchesHint`),
      }}
      onClearSearch={search.clear}
      testId="upload-request-list-empty"
    >
      <EmptyState
        testId="upload-request-list-empty"
        icon={<IconInbox size={28} stroke={1.6} />}
        title={t(`${words}.empty`)}
        hint={t(`${words}.emptyHint`)}
        action={<NewUploadRequestButton variant="light" />}
      />
    </CollectionEmpty>
  );

  return (
    <>
      <SearchAndBatchBar
        collection={collection}
        search={search}
        texts={{
          label: t(`${words}.search`),
          placeholder: t(`${words}.searchPlaceholder`),
          count: (count) => t(`${words}.count`, { count }),
          matches: (count) => t(`${words}.matchCount`, { count }),
        }}
        testIdPrefix="upload-request"
        batchDelete={batchDelete}
      />
      <PagedCollection
        collection={collection}
        errorTitle={t(`${words}.loadFailed`)}
        empty={empty}
        testIdPrefix="upload-request"
      >
        <UploadRequestList
          requests={collection.items ?? []}
          selection={collection.selection}
          onView={details.open}
          onCopy={(request) => void copyLink(request)}
          onEdit={openEdit}
          onDelete={confirmDelete}
          keyNames={keyNames}
        />
      </PagedCollection>
      <RequestDetailsModal
        request={details.target}
        opened={details.opened}
        onClose={details.close}
        onExited={details.exited}
        onEdit={openEdit}
      />
      <UploadRequestEditModal
        request={edit.target}
        opened={edit.opened}
        onClose={edit.close}
        onExited={edit.exited}
      />
    </>
  );
}
