import { Button } from '@mantine/core';
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
  confirmDanger,
  RefreshButton,
  SectionTabs,
  ShareSection,
  useSearchInput,
  useShareSection,
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
  const search = useSearchInput();
  const deletePaste = useDeletePaste();
  const section = useShareSection({
    ns: 'textManagement',
    collection: usePasteCollection(search.search),
    search,
    removeMany: (ids) => managedPastesApi.removeMany(scope, ids),
    removeOne: (paste: PasteSummary, done) => deletePaste.mutate(paste.id, done),
    namesOf: (paste) => ({ slug: paste.slug }),
  });
  const { collection: pastes, view, edit, openEdit } = section;
  const clearExpired = useClearExpiredPastes();

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

  const pasteList = (
    <ShareSection
      section={section}
      icon={IconFileText}
      emptyAction={
        <Button mt="xs" component={Link} to="/" leftSection={<IconPlus size={16} />}>
          {t('textManagement.create')}
        </Button>
      }
    >
      <PasteManagementList
        pastes={pastes.items ?? []}
        selection={pastes.selection}
        onView={view.open}
        onEdit={openEdit}
        onDelete={section.confirmDelete}
        keyNames={keyNames}
      />
    </ShareSection>
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

      <SectionTabs
        tab={tab}
        onChange={setTab}
        tabs={[
          {
            value: 'pastes',
            icon: IconFileText,
            label: t('links.manage.tabPastes'),
            panel: pasteList,
          },
          {
            value: 'links',
            icon: IconLink,
            label: t('links.manage.tabLinks'),
            testId: 'tab-short-links',
            panel: <ShortLinks links={links} keyNames={keyNames} />,
          },
        ]}
      />

      <PastePreviewModal paste={view.target} {...view.modal} onEdit={openEdit} />
      <PasteEditModal paste={edit.target} {...edit.modal} />
    </>
  );
}
