import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Center,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Tooltip,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ApiKey, CreatedApiKey } from '@sharebin/shared';
import { IconAlertCircle, IconKey, IconPlus, IconRefresh } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../app/api-client';
import { notifyError, notifySuccess } from '../../../app/notify';
import { ModuleHeader } from '../../admin/components/ModuleHeader';
import { useApiKeys, useDeleteApiKey } from '../api-keys.hooks';
import { ApiKeyFormModal } from '../components/ApiKeyFormModal';
import { ApiKeyList } from '../components/ApiKeyList';
import { KeyCreatedModal } from '../components/KeyCreatedModal';

export default function KeyManagementPage() {
  const { t } = useTranslation();
  const keys = useApiKeys();
  const deleteKey = useDeleteApiKey();
  const [creating, setCreating] = useState(false);
  // The target outlives the open flag so the modal keeps its content while it fades out.
  const [editTarget, setEditTarget] = useState<ApiKey | null>(null);
  const [editOpen, setEditOpen] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  const confirmDelete = (apiKey: ApiKey) =>
    modals.openConfirmModal({
      title: <Text fw={700}>{t('apiKeys.deleteConfirm.title')}</Text>,
      children: <Text size="sm">{t('apiKeys.deleteConfirm.body', { name: apiKey.name })}</Text>,
      labels: {
        confirm: t('apiKeys.deleteConfirm.confirm'),
        cancel: t('apiKeys.deleteConfirm.cancel'),
      },
      confirmProps: { color: 'red', 'data-testid': 'confirm-delete' } as Record<string, unknown>,
      onConfirm: () =>
        deleteKey.mutate(apiKey.id, {
          onSuccess: () => notifySuccess(t('apiKeys.notifications.deleted', { name: apiKey.name })),
          onError: (error) => notifyError(error),
        }),
    });

  let content: ReactNode;
  if (keys.isPending) {
    content = (
      <Card p="lg">
        <Stack gap="md">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} h={36} />
          ))}
        </Stack>
      </Card>
    );
  } else if (keys.isError) {
    content = (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertCircle size={18} />}
        title={t('apiKeys.loadFailed')}
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{errorMessage(keys.error)}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => keys.refetch()}>
            {t('apiKeys.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (keys.data.length === 0) {
    content = (
      <Card p="xl">
        <Center py="xl">
          <Stack align="center" gap="sm" ta="center" maw={360}>
            <ThemeIcon size={56} radius="xl" variant="light">
              <IconKey size={28} stroke={1.6} />
            </ThemeIcon>
            <Text fw={600}>{t('apiKeys.empty')}</Text>
            <Text size="sm" c="dimmed">
              {t('apiKeys.emptyHint')}
            </Text>
            <Button mt="xs" leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              {t('apiKeys.create')}
            </Button>
          </Stack>
        </Center>
      </Card>
    );
  } else {
    content = (
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          {t('apiKeys.count', { count: keys.data.length })}
        </Text>
        <ApiKeyList
          keys={keys.data}
          onEdit={(apiKey) => {
            setEditTarget(apiKey);
            setEditOpen(true);
          }}
          onDelete={confirmDelete}
        />
      </Stack>
    );
  }

  return (
    <>
      <ModuleHeader
        title={t('admin.moduleNames.key-management')}
        description={t('apiKeys.description')}
        actions={
          <>
            <Tooltip label={t('apiKeys.refresh')}>
              <ActionIcon
                variant="default"
                size="lg"
                onClick={() => keys.refetch()}
                loading={keys.isFetching && !keys.isPending}
                aria-label={t('apiKeys.refresh')}
              >
                <IconRefresh size={18} stroke={1.7} />
              </ActionIcon>
            </Tooltip>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              {t('apiKeys.create')}
            </Button>
          </>
        }
      />
      {content}
      <ApiKeyFormModal
        mode="create"
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(key) => {
          setCreating(false);
          setCreated(key);
        }}
      />
      <ApiKeyFormModal
        mode="edit"
        opened={editOpen}
        onClose={() => setEditOpen(false)}
        apiKey={editTarget}
      />
      <KeyCreatedModal created={created} onClose={() => setCreated(null)} />
    </>
  );
}
