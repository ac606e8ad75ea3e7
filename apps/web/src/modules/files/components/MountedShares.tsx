import { Button } from '@mantine/core';
import type { FsShare } from '@sharebin/shared';
import { IconFolderShare, IconFolders } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCopy } from '../../../app/clipboard';
import { notifyError, notifySuccess, notifyWarning } from '../../../app/notify';
import {
  FsShareEditModal,
  fsSharesApi,
  useDeleteFsShare,
  type useFsShareCollection,
} from '../../fs-shares';
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
import { MountedShareList } from './MountedShareList';

/** The link to the explorer, where files and folders are shared. */
export function OpenExplorerButton({ variant }: { variant?: 'default' | 'filled' }) {
  const { t } = useTranslation();
  return (
    <Button
      component={Link}
      to="/mount-explorer"
      variant={variant}
      leftSection={<IconFolders size={16} />}
    >
      {t('fsShares.manage.openExplorer')}
    </Button>
  );
}

/**
 * File management's second list: the links to mounted files and folders (every one for the
 * admin, a key's own), with copy, edit and delete, one by one or ticked.
 */
export function MountedShares({
  collection,
  search,
  keyNames,
}: {
  collection: ReturnType<typeof useFsShareCollection>;
  search: ReturnType<typeof useSearchInput>;
  keyNames: ReadonlyMap<string, string> | null;
}) {
  const { t } = useTranslation();
  const { copy } = useCopy();
  const edit = useModalTarget<FsShare>();
  const remove = useDeleteFsShare();
  const batchDelete = useBatchDelete(collection, fsSharesApi.removeMany, {
    title: t('fsShares.manage.batchDeleteConfirm.title'),
    body: (count) => t('fsShares.manage.batchDeleteConfirm.body', { count }),
    confirm: (count) => t('fsShares.manage.batchDeleteConfirm.confirm', { count }),
    cancel: t('common.cancel'),
    done: (count) => t('fsShares.manage.batchDeleted', { count }),
  });

  const copyLink = async (share: FsShare) => {
    if (await copy(share.url)) notifySuccess(t('fsShares.manage.linkCopied'));
    else notifyWarning(share.url);
  };
  const confirmDelete = (share: FsShare) =>
    confirmDanger({
      title: t('fsShares.manage.deleteConfirm.title'),
      body: t('fsShares.manage.deleteConfirm.body', { slug: share.slug, name: share.name }),
      confirm: t('common.delete'),
      cancel: t('common.cancel'),
      onConfirm: () =>
        remove.mutate(share, {
          onSuccess: () => notifySuccess(t('fsShares.notifications.deleted', { slug: share.slug })),
          onError: (error) => notifyError(error),
        }),
    });

  const empty = (
    <CollectionEmpty
      search={search.search}
      noMatches={{
        title: t('common.noMatches', { search: search.search }),
        hint: t('fsShares.manage.noMatchesHint'),
      }}
      onClearSearch={search.clear}
      testId="fs-share-list-empty"
    >
      <EmptyState
        testId="fs-share-list-empty"
        icon={<IconFolderShare size={28} stroke={1.6} />}
        title={t('fsShares.manage.empty')}
        hint={t('fsShares.manage.emptyHint')}
        action={<OpenExplorerButton />}
      />
    </CollectionEmpty>
  );

  return (
    <>
      <SearchAndBatchBar
        collection={collection}
        search={search}
        texts={{
          label: t('fsShares.manage.search'),
          placeholder: t('fsShares.manage.searchPlaceholder'),
          count: (count) => t('fsShares.manage.count', { count }),
          matches: (count) => t('fsShares.manage.matchCount', { count }),
        }}
        testIdPrefix="fs-share"
        batchDelete={batchDelete}
      />
      <PagedCollection
        collection={collection}
        errorTitle={t('fsShares.manage.loadFailed')}
        empty={empty}
        testIdPrefix="fs-share"
      >
        <MountedShareList
          shares={collection.items ?? []}
          selection={collection.selection}
          onCopy={(share) => void copyLink(share)}
          onEdit={edit.open}
          onDelete={confirmDelete}
          keyNames={keyNames}
        />
      </PagedCollection>
      <FsShareEditModal
        share={edit.target}
        opened={edit.opened}
        onClose={edit.close}
        onExited={edit.exited}
      />
    </>
  );
}
