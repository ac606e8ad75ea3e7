import { Stack } from '@mantine/core';
import type { UploadRequest } from '@sharebin/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../shared/format-bytes';
import { EditModal, FormButtons, type ModalState } from '../../management';
import {
  type RequestFormValues,
  type RequestSource,
  requestChanges,
  requestSourceOf,
} from '../upload-request.form';
import { useUpdateUploadRequest } from '../upload-requests.hooks';
import { useRequestForm } from '../use-request-form';
import { FolderBlock, RequestFormBody } from './RequestFormBody';

/**
 * Edits an upload request: its suffix, password, expiry, remark and what it accepts. Its
 * folder stays (it follows renames and moves made through Sharebin).
 */
export function UploadRequestEditModal({
  request,
  opened,
  onClose,
  onExited,
}: { request: UploadRequest | null } & ModalState) {
  const { t, i18n } = useTranslation();
  const update = useUpdateUploadRequest();
  const source = useMemo(() => request && requestSourceOf(request), [request]);
  const form = useRequestForm({ source, opened });
  const save = (values: RequestFormValues, original: RequestSource & UploadRequest) =>
    form.saveChanges(requestChanges(values, original), {
      save: (changes, done) => update.mutate({ id: original.id, changes }, done),
      nothingChanged: t('shareForm.nothingChanged'),
      saved: (saved: UploadRequest) =>
        t('uploadRequests.notifications.updated', { slug: saved.slug }),
      close: onClose,
    });
  const original = form.original;
  return (
    <EditModal
      title={t('uploadRequests.form.title')}
      form={form}
      opened={opened}
      onClose={onClose}
      onExited={onExited}
      pending={update.isPending}
      size="lg"
      onSubmit={form.submit(save)}
      testId="upload-request-edit-form"
    >
      {original && (
        <Stack gap="lg">
          <FolderBlock path={original.path} />
          <RequestFormBody
            form={form}
            creating={false}
            chooseFolder={false}
            receivedBytes={formatBytes(original.bytes_received, i18n.language)}
          />
          <FormButtons
            cancel={t('common.cancel')}
            submit={t('common.saveChanges')}
            pending={update.isPending}
            onCancel={onClose}
          />
        </Stack>
      )}
    </EditModal>
  );
}
