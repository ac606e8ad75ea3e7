import { Button, Divider, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { UploadRequest } from '@sharebin/shared';
import { IconInbox, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../shared/format-bytes';
import { CollectionStatus, EmptyState, type ModalState } from '../../management';
import { useRequestArrivals } from '../upload-requests.hooks';
import { ArrivalRows } from './ArrivalRows';
import { FolderBlock } from './RequestFormBody';
import { RequestLinkPanel } from './RequestLinkPanel';

/** What arrived through the request, newest first, a page at a time. */
function Arrivals({ request }: { request: UploadRequest }) {
  const { t } = useTranslation();
  const words = 'uploadRequests.details';
  const arrivals = useRequestArrivals(request.id);
  const items = arrivals.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <CollectionStatus
      query={arrivals}
      isEmpty={items.length === 0}
      errorTitle={t(`${words}.arrivalsFailed`)}
      skeleton={{ rows: 3, height: 36 }}
      empty={
        <EmptyState
          testId="upload-arrivals-empty"
          icon={<IconInbox size={26} stroke={1.6} />}
          title={t(`${words}.arrivalsEmpty`)}
          hint={t(`${words}.arrivalsEmptyHint`)}
        />
      }
    >
      <Stack gap="md">
        <ArrivalRows arrivals={items} />
        {arrivals.hasNextPage && (
          <Button
            variant="default"
            size="xs"
            onClick={() => void arrivals.fetchNextPage()}
            loading={arrivals.isFetchingNextPage}
            w="fit-content"
          >
            {t(`${words}.more`)}
          </Button>
        )}
      </Stack>
    </CollectionStatus>
  );
}

/** A request's own view: its folder, its link with the QR code, and what arrived and when. */
export function RequestDetailsModal({
  request,
  opened,
  onClose,
  onExited,
  onEdit,
}: { request: UploadRequest | null; onEdit: (request: UploadRequest) => void } & ModalState) {
  const { t, i18n } = useTranslation();
  const fullScreen = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  const words = 'uploadRequests.details';
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      onExitTransitionEnd={onExited}
      title={
        <Text fw={700} fz="lg">
          {t(`${words}.title`, { slug: request?.slug ?? '' })}
        </Text>
      }
      size="lg"
      fullScreen={fullScreen}
    >
      {request && (
        <Stack gap="lg" data-testid="upload-request-details">
          <FolderBlock path={request.path} intro={request.remark || undefined} />
          <RequestLinkPanel request={request} fullScreen={fullScreen} />
          <Divider />
          <Stack gap="sm">
            <Group justify="space-between" gap="xs">
              <Title order={3} fz="md">
                {t(`${words}.arrivals`)}
              </Title>
              <Text size="sm" c="dimmed">
                {t('uploadRequests.manage.received', { count: request.files_received })}
                {' · '}
                {formatBytes(request.bytes_received, i18n.language)}
              </Text>
            </Group>
            <Arrivals request={request} />
          </Stack>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.close')}
            </Button>
            <Button leftSection={<IconPencil size={16} />} onClick={() => onEdit(request)}>
              {t('common.edit')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
