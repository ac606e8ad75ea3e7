import { Button, Tabs } from '@mantine/core';
import type { PasteSummary } from '@sharebin/shared';
import { IconClockX, IconFileText, IconLink, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notifyError, notifySuccess } from '../../../app/notify';
import { useQueryTab } from '../../../app/use-query-tab';
import { ModuleHeader } from '../../admin';
import { useKeyNames } from '../../api-keys';
import { ShortLinkActions, ShortLinks, useShortLinks } from '../../links';
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
import { PasteEditModal } from '../components/PasteEditModal';
import { PasteManagementList } from '../components/PasteManagementList';
import { PastePreviewModal } from '../components/PastePreviewModal';
import {
  useClearExpiredPastes,
  useDeletePaste,
  usePasteCollection,
  usePasteScope,
} from '../paste-management.hooks';
import { managedPastesApi } from '../pastes.api';

const TEXT_TABS = ['pastes', 'links'] as const;

/**
 * The text-management module: every paste for the admin, a key's own for an API key; beside
 * them, in a tab of their own (`?tab=links`), the short links.
 */
export default function TextManagementPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useQueryTab(TEXT_TABS);
  const links = useShortLinks(tab === 'links');
  const scope = usePasteScope();
  const isAdmin = scope === 'admin';
  const keyNames = useKeyNames(isAdmin);
  const searchInput = useSearchInput();
  const { search } = searchInput;
  const pastes = usePasteCollection(search);
  const view = useModalTarget<PasteSummary>();
  const edit = useModalTarget<PasteSummary>();
  const deletePaste = useDeletePaste();
  const clearExpired = useClearExpiredPastes();
  const batchDelete = useBatchDelete(pastes, (ids) => managedPastesApi.removeMany(scope, ids), {
    title: t('textManagement.batchDeleteConfirm.title'),
    body: (count) => t('textManagement.batchDeleteConfirm.body', { count }),
    confirm: (count) => t('textManagement.batchDeleteConfirm.confirm', { count }),
    cancel: t('common.cancel'),
    done: (count) => t('textManagement.notifications.batchDeleted', { count }),
  });

  const openEdit = (paste: PasteSummary) => {
    view.close();
    edit.open(paste);
  };

  const confirmDelete = (paste: PasteSummary) =>
    confirmDanger({
      title: t('textManagement.deleteConfirm.title'),
      body: t('textManagement.deleteConfirm.body', { slug: paste.slug }),
      confirm: t('common.delete'),
      cancel: t('common.cancel'),
      onConfirm: () =>
        deletePaste.mutate(paste.id, {
          onSuccess: () =>
            notifySuccess(t('textManagement.notifications.deleted', { slug: paste.slug })),
          onError: (error) => notifyError(error),
        }),
    });

  const confirmClearExpired = () =>
    confirmDanger({
      title: t('textManagement.clearExpiredConfirm.title'),
      body: t('textManagement.clearExpiredConfirm.body'),
      confirm: t('textManagement.clearExpiredConfirm.confirm'),
      cancel: t('common.cancel'),
      onConfirm: () =>
        clearExpired.mutate(undefined, {
          onSuccess: ({ deleted }) =>
            notifySuccess(
              deleted === 0
                ? t('textManagement.notifications.nothingToClear')
                : t('textManagement.notifications.cleared', { count: deleted }),
            ),
          onError: (error) => notifyError(error),
        }),
    });

  const empty = (
    <CollectionEmpty
      search={search}
      noMatches={{
        title: t('common.noMatches', { search }),
        hint: t('textManagement.noMatchesHint'),
      }}
      onClearSearch={searchInput.clear}
      testId="paste-list-empty"
    >
      <EmptyState
        testId="paste-list-empty"
        icon={<IconFileText size={28} stroke={1.6} />}
        title={t('textManagement.empty')}
        hint={t('textManagement.emptyHint')}
        action={
          <Button mt="xs" component={Link} to="/" leftSection={<IconPlus size={16} />}>
            {t('textManagement.create')}
          </Button>
        }
      />
    </CollectionEmpty>
  );

  const pasteList = (
    <>
      <SearchAndBatchBar
        collection={pastes}
        search={searchInput}
        texts={{
          label: t('textManagement.search'),
          placeholder: t('textManagement.searchPlaceholder'),
          count: (count) => t('textManagement.count', { count }),
          matches: (count) => t('textManagement.matchCount', { count }),
        }}
        testIdPrefix="paste"
        batchDelete={batchDelete}
      />

      <PagedCollection
        collection={pastes}
        errorTitle={t('textManagement.loadFailed')}
        empty={empty}
        testIdPrefix="paste"
      >
        <PasteManagementList
          pastes={pastes.items ?? []}
          selection={pastes.selection}
          onView={view.open}
          onEdit={openEdit}
          onDelete={confirmDelete}
          keyNames={keyNames}
        />
      </PagedCollection>
    </>
  );

  return (
    <>
      <ModuleHeader
        title={t('admin.moduleNames.text-management')}
        description={
          isAdmin
            ? t('admin.moduleDescriptions.text-management')
            : t('textManagement.descriptionForKey')
        }
        actions={
          tab === 'links' ? (
            <ShortLinkActions links={links} />
          ) : (
            <>
              <RefreshButton query={pastes.query} />
              {isAdmin && (
                <Button
                  variant="default"
                  leftSection={<IconClockX size={16} stroke={1.7} />}
                  onClick={confirmClearExpired}
                  loading={clearExpired.isPending}
                  data-testid="clear-expired"
                >
                  {t('textManagement.clearExpired')}
                </Button>
              )}
              <Button component={Link} to="/" leftSection={<IconPlus size={16} />}>
                {t('textManagement.create')}
              </Button>
            </>
          )
        }
      />

      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="pastes" leftSection={<IconFileText size={16} />}>
            {t('links.manage.tabPastes')}
          </Tabs.Tab>
          <Tabs.Tab
            value="links"
            leftSection={<IconLink size={16} />}
            data-testid="tab-short-links"
          >
            {t('links.manage.tabLinks')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="pastes">{pasteList}</Tabs.Panel>
        <Tabs.Panel value="links">
          <ShortLinks links={links} keyNames={keyNames} />
        </Tabs.Panel>
      </Tabs>

      <PastePreviewModal
        paste={view.target}
        opened={view.opened}
        onClose={view.close}
        onExited={view.exited}
        onEdit={openEdit}
      />
      <PasteEditModal
        paste={edit.target}
        opened={edit.opened}
        onClose={edit.close}
        onExited={edit.exited}
      />
    </>
  );
}
