import { Button } from '@mantine/core';
import type { ShortLink } from '@sharebin/shared';
import { IconLink, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../app/notify';
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
import { shortLinksApi } from '../links.api';
import { useDeleteShortLink, useLinkScope, useShortLinkCollection } from '../links.hooks';
import { ShortLinkCreateModal } from './ShortLinkCreateModal';
import { ShortLinkEditModal } from './ShortLinkEditModal';
import { ShortLinkList } from './ShortLinkList';
import { ShortLinkPreviewModal } from './ShortLinkPreviewModal';

/**
 * The short links of text management: its search and list, fetched while `shown`, and the
 * New short link dialog, which the page's header and the empty list both open.
 */
export function useShortLinks(shown: boolean) {
  const search = useSearchInput();
  const collection = useShortLinkCollection(search.search, shown);
  const [creating, setCreating] = useState(false);
  return {
    search,
    collection,
    creating,
    startCreating: () => setCreating(true),
    stopCreating: () => setCreating(false),
  };
}

export type ShortLinksState = ReturnType<typeof useShortLinks>;

function NewShortLinkButton({ links }: { links: ShortLinksState }) {
  const { t } = useTranslation();
  return (
    <Button
      leftSection={<IconPlus size={16} />}
      onClick={links.startCreating}
      data-testid="link-create"
    >
      {t('links.manage.create')}
    </Button>
  );
}

/** The header's buttons while the short links are shown. */
export function ShortLinkActions({ links }: { links: ShortLinksState }) {
  return (
    <>
      <RefreshButton query={links.collection.query} />
      <NewShortLinkButton links={links} />
    </>
  );
}

/**
 * The tab of short links: search, the list with copy, QR code, edit and delete, one by one or
 * ticked, and the dialogs. A new link opens its QR code at once.
 */
export function ShortLinks({
  links,
  keyNames,
}: {
  links: ShortLinksState;
  keyNames: ReadonlyMap<string, string> | null;
}) {
  const { t } = useTranslation();
  const { collection, search } = links;
  const scope = useLinkScope();
  const view = useModalTarget<ShortLink>();
  const edit = useModalTarget<ShortLink>();
  const remove = useDeleteShortLink();
  const batchDelete = useBatchDelete(collection, (ids) => shortLinksApi.removeMany(scope, ids), {
    title: t('links.manage.batchDeleteConfirm.title'),
    body: (count) => t('links.manage.batchDeleteConfirm.body', { count }),
    confirm: (count) => t('links.manage.batchDeleteConfirm.confirm', { count }),
    cancel: t('common.cancel'),
    done: (count) => t('links.manage.batchDeleted', { count }),
  });

  const openEdit = (link: ShortLink) => {
    view.close();
    edit.open(link);
  };
  const confirmDelete = (link: ShortLink) =>
    confirmDanger({
      title: t('links.manage.deleteConfirm.title'),
      body: t('links.manage.deleteConfirm.body', { slug: link.slug }),
      confirm: t('common.delete'),
      cancel: t('common.cancel'),
      onConfirm: () =>
        remove.mutate(link, {
          onSuccess: () => notifySuccess(t('links.notifications.deleted', { slug: link.slug })),
          onError: (error) => notifyError(error),
        }),
    });

  const empty = (
    <CollectionEmpty
      search={search.search}
      noMatches={{
        title: t('common.noMatches', { search: search.search }),
        hint: t('links.manage.noMatchesHint'),
      }}
      onClearSearch={search.clear}
      testId="link-list-empty"
    >
      <EmptyState
        testId="link-list-empty"
        icon={<IconLink size={28} stroke={1.6} />}
        title={t('links.manage.empty')}
        hint={t('links.manage.emptyHint')}
        action={<NewShortLinkButton links={links} />}
      />
    </CollectionEmpty>
  );

  return (
    <>
      <SearchAndBatchBar
        collection={collection}
        search={search}
        texts={{
          label: t('links.manage.search'),
          placeholder: t('links.manage.searchPlaceholder'),
          count: (count) => t('links.manage.count', { count }),
          matches: (count) => t('links.manage.matchCount', { count }),
        }}
        testIdPrefix="link"
        batchDelete={batchDelete}
      />
      <PagedCollection
        collection={collection}
        errorTitle={t('links.manage.loadFailed')}
        empty={empty}
        testIdPrefix="link"
      >
        <ShortLinkList
          links={collection.items ?? []}
          selection={collection.selection}
          onView={view.open}
          onEdit={openEdit}
          onDelete={confirmDelete}
          keyNames={keyNames}
        />
      </PagedCollection>
      <ShortLinkCreateModal
        opened={links.creating}
        onClose={links.stopCreating}
        onCreated={view.open}
      />
      <ShortLinkPreviewModal
        link={view.target}
        opened={view.opened}
        onClose={view.close}
        onExited={view.exited}
        onEdit={openEdit}
      />
      <ShortLinkEditModal
        link={edit.target}
        opened={edit.opened}
        onClose={edit.close}
        onExited={edit.exited}
      />
    </>
  );
}
