import { Button } from '@mantine/core';
import type { ShortLink } from '@sharebin/shared';
import { IconLink, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RefreshButton, ShareSection, useSearchInput, useShareSection } from '../../management';
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
  const scope = useLinkScope();
  const section = useShareSection({
    ns: 'links',
    collection: links.collection,
    search: links.search,
    removeMany: (ids) => shortLinksApi.removeMany(scope, ids),
    removeOne: useDeleteShortLink().mutate,
    namesOf: (link: ShortLink) => ({ slug: link.slug }),
  });
  const { collection, view, edit, openEdit } = section;

  return (
    <>
      <ShareSection
        section={section}
        icon={IconLink}
        emptyAction={<NewShortLinkButton links={links} />}
      >
        <ShortLinkList
          links={collection.items ?? []}
          selection={collection.selection}
          onView={view.open}
          onEdit={openEdit}
          onDelete={section.confirmDelete}
          keyNames={keyNames}
        />
      </ShareSection>
      <ShortLinkCreateModal
        opened={links.creating}
        onClose={links.stopCreating}
        onCreated={view.open}
      />
      <ShortLinkPreviewModal link={view.target} {...view.modal} onEdit={openEdit} />
      <ShortLinkEditModal link={edit.target} {...edit.modal} />
    </>
  );
}
