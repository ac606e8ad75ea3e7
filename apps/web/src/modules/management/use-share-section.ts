import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../app/notify';
import type { ShareNamespace } from './components/ShareSettingsFields';
import { confirmDanger } from './confirm-danger';
import { useBatchDelete } from './use-batch-delete';
import type { Collection, SearchInput } from './use-collection';
import { useModalTarget } from './use-modal-target';

/**
 * Where each share list's words and test ids live: pastes and files have a module of their own,
 * the other shares word their list under `manage`; a batch delete's toast sits with the
 * module's notifications or with its list.
 */
export const SECTION_OF = {
  textManagement: {
    words: 'textManagement',
    batchDeleted: 'textManagement.notifications.batchDeleted',
    testIdPrefix: 'paste',
  },
  fileManagement: {
    words: 'fileManagement',
    batchDeleted: 'fileManagement.notifications.batchDeleted',
    testIdPrefix: 'file',
  },
  fsShares: {
    words: 'fsShares.manage',
    batchDeleted: 'fsShares.manage.batchDeleted',
    testIdPrefix: 'fs-share',
  },
  links: {
    words: 'links.manage',
    batchDeleted: 'links.manage.batchDeleted',
    testIdPrefix: 'link',
  },
  uploadRequests: {
    words: 'uploadRequests.manage',
    batchDeleted: 'uploadRequests.manage.batchDeleted',
    testIdPrefix: 'upload-request',
  },
} as const satisfies Record<
  ShareNamespace,
  { words: string; batchDeleted: string; testIdPrefix: string }
>;

/** Hands one share to its module's delete mutation, which reports back. */
export type RemoveOne<T> = (
  share: T,
  done: { onSuccess: () => void; onError: (error: unknown) => void },
) => void;

export interface ShareSectionOptions<T> {
  ns: ShareNamespace;
  collection: Collection<T>;
  search: SearchInput;
  removeMany: (ids: string[]) => Promise<{ deleted: number }>;
  removeOne: RemoveOne<T>;
  /** What the delete confirmation and its toast call the share (`slug`, `name`). */
  namesOf: (share: T) => { slug: string; name?: string };
}

/**
 * A managed list of shares: its collection and search, the share shown (`view`) and the share
 * edited (`edit`), delete one by one after a confirmation, and delete the ticked ones. The list
 * itself, its modals and its empty state are the module's; `ShareSection` lays them out.
 */
export function useShareSection<T>({
  ns,
  collection,
  search,
  removeMany,
  removeOne,
  namesOf,
}: ShareSectionOptions<T>) {
  const { t } = useTranslation();
  const { words, batchDeleted } = SECTION_OF[ns];
  const view = useModalTarget<T>();
  const edit = useModalTarget<T>();
  const batchDelete = useBatchDelete(collection, removeMany, {
    title: t(`${words}.batchDeleteConfirm.title`),
    body: (count) => t(`${words}.batchDeleteConfirm.body`, { count }),
    confirm: (count) => t(`${words}.batchDeleteConfirm.confirm`, { count }),
    cancel: t('common.cancel'),
    done: (count) => t(batchDeleted, { count }),
  });

  // Editing from the view closes it: one modal at a time.
  const openEdit = (share: T) => {
    view.close();
    edit.open(share);
  };
  const confirmDelete = (share: T) =>
    confirmDanger({
      title: t(`${words}.deleteConfirm.title`),
      body: t(`${words}.deleteConfirm.body`, namesOf(share)),
      confirm: t('common.delete'),
      cancel: t('common.cancel'),
      onConfirm: () =>
        removeOne(share, {
          onSuccess: () => notifySuccess(t(`${ns}.notifications.deleted`, namesOf(share))),
          onError: (error) => notifyError(error),
        }),
    });

  return { ns, collection, search, view, edit, openEdit, confirmDelete, batchDelete };
}

export type ShareSectionState<T> = ReturnType<typeof useShareSection<T>>;
