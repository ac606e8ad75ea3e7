import { Button, Group, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { UploadRequest } from '@sharebin/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EditModal, FormButtons, useCreationDialog } from '../../management';
import { createRequestOf, newRequestSource, type RequestFormValues } from '../upload-request.form';
import { useCreateUploadRequest } from '../upload-requests.hooks';
import { useRequestForm } from '../use-request-form';
import { FolderBlock, RequestFormBody } from './RequestFormBody';
import { RequestLinkPanel } from './RequestLinkPanel';

/** The folder files are asked into: one of the explorer's (never a virtual folder). */
export interface RequestTarget {
  path: string;
  name: string;
}

/** The made request's link, QR code and limits, to send on. */
function CreatedRequest({ request, onDone }: { request: UploadRequest; onDone: () => void }) {
  const { t } = useTranslation();
  const fullScreen = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  return (
    <Stack gap="md" data-testid="upload-request-created">
      <Text size="sm">{t('uploadRequests.create.ready')}</Text>
      <RequestLinkPanel request={request} fullScreen={fullScreen} />
      <Group justify="flex-end">
        <Button onClick={onDone} data-testid="upload-request-done">
          {t('uploadRequests.create.done')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Request files: a new upload request into `folder` (or into a folder typed in, when null),
 * then its link with its QR code and copy button.
 */
export function RequestFilesModal({
  opened,
  folder,
  onClose,
}: {
  opened: boolean;
  folder: RequestTarget | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { shown, created, onExited, createSteps, onSubmit } = useCreationDialog<
    RequestTarget,
    UploadRequest
  >(folder, opened);
  const create = useCreateUploadRequest();
  const source = useMemo(() => newRequestSource(folder?.path ?? ''), [folder]);
  const form = useRequestForm({ source: opened ? source : null, opened, creating: true });

  const save = (values: RequestFormValues) =>
    form.saveChanges(
      createRequestOf(values),
      createSteps(
        (request, done) => create.mutate(request, done),
        () => t('uploadRequests.notifications.created'),
      ),
    );

  return (
    <EditModal
      title={
        shown
          ? t('uploadRequests.create.titleFor', { name: shown.name })
          : t('uploadRequests.create.title')
      }
      form={form}
      opened={opened}
      onClose={onClose}
      onExited={onExited}
      pending={create.isPending}
      size="lg"
      onSubmit={onSubmit(form.submit(save))}
      testId="upload-request-form"
    >
      {created ? (
        <CreatedRequest request={created} onDone={onClose} />
      ) : (
        <Stack gap="lg">
          {shown && <FolderBlock path={shown.path} intro={t('uploadRequests.create.intro')} />}
          {!shown && (
            <Text size="sm" c="dimmed">
              {t('uploadRequests.create.intro')}
            </Text>
          )}
          <RequestFormBody form={form} creating chooseFolder={!shown} receivedBytes={null} />
          <FormButtons
            cancel={t('common.cancel')}
            submit={t('uploadRequests.create.submit')}
            pending={create.isPending}
            onCancel={onClose}
          />
        </Stack>
      )}
    </EditModal>
  );
}
