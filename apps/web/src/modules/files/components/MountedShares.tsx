import { Button } from '@mantine/core';
import type { FsShare } from '@sharebin/shared';
import { IconFolderShare, IconFolders } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCopyLink } from '../../../app/clipboard';
import {
  FsShareEditModal,
  fsSharesApi,
  useDeleteFsShare,
  type useFsShareCollection,
} from '../../fs-shares';
import { ShareSection, type useSearchInput, useShareSection } from '../../management';
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
  const copyLink = useCopyLink(t('fsShares.manage.linkCopied'));
  const section = useShareSection({
    ns: 'fsShares',
    collection,
    search,
    removeMany: fsSharesApi.removeMany,
    removeOne: useDeleteFsShare().mutate,
    namesOf: (share: FsShare) => ({ slug: share.slug, name: share.name }),
  });
  const { edit } = section;

  return (
    <>
      <ShareSection section={section} icon={IconFolderShare} emptyAction={<OpenExplorerButton />}>
        <MountedShareList
          shares={collection.items ?? []}
          selection={collection.selection}
          onCopy={(share) => void copyLink(share.url)}
          onEdit={edit.open}
          onDelete={section.confirmDelete}
          keyNames={keyNames}
        />
      </ShareSection>
      <FsShareEditModal share={edit.target} {...edit.modal} />
    </>
  );
}
