import { Button } from '@mantine/core';
import type { UploadRequest } from '@sharebin/shared';
import { IconInbox, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCopyLink } from '../../../app/clipboard';
import { toPrincipal, useAuth } from '../../auth';
import { ShareSection, type useSearchInput, useShareSection } from '../../management';
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
  const copyLink = useCopyLink(t('uploadRequests.notifications.linkCopied'));
  const section = useShareSection({
    ns: 'uploadRequests',
    collection,
    search,
    removeMany: uploadRequestsApi.removeMany,
    removeOne: useDeleteUploadRequest().mutate,
    namesOf: (request: UploadRequest) => ({ slug: request.slug, name: request.name }),
  });
  const { view: details, edit, openEdit } = section;

  return (
    <>
      <ShareSection
        section={section}
        icon={IconInbox}
        emptyAction={<NewUploadRequestButton variant="light" />}
      >
        <UploadRequestList
          requests={collection.items ?? []}
          selection={collection.selection}
          onView={details.open}
          onCopy={(request) => void copyLink(request.url)}
          onEdit={openEdit}
          onDelete={section.confirmDelete}
          keyNames={keyNames}
        />
      </ShareSection>
      <RequestDetailsModal request={details.target} {...details.modal} onEdit={openEdit} />
      <UploadRequestEditModal request={edit.target} {...edit.modal} />
    </>
  );
}
