import { Button, Stack, Text } from '@mantine/core';
import type { ApiKey, CreatedApiKey } from '@sharebin/shared';
import { IconKey, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../app/notify';
import { ModuleHeader } from '../../admin';
import {
  CollectionStatus,
  confirmDanger,
  EmptyState,
  RefreshButton,
  useModalTarget,
} from '../../management';
import { useApiKeyCollection, useDeleteApiKey } from '../api-keys.hooks';
import { ApiKeyFormModal, type ApiKeyFormSource } from '../components/ApiKeyFormModal';
import { ApiKeyList } from '../components/ApiKeyList';
import { KeyCreatedModal } from '../components/KeyCreatedModal';

export default function KeyManagementPage() {
  const { t } = useTranslation();
  const keys = useApiKeyCollection();
  const deleteKey = useDeleteApiKey();
  const form = useModalTarget<ApiKeyFormSource>();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  const confirmDelete = (apiKey: ApiKey) =>
    confirmDanger({
      title: t('apiKeys.deleteConfirm.title'),
      body: t('apiKeys.deleteConfirm.body', { name: apiKey.name }),
      confirm: t('common.delete'),
      cancel: t('common.cancel'),
      onConfirm: () =>
        deleteKey.mutate(apiKey.id, {
          onSuccess: () => notifySuccess(t('apiKeys.notifications.deleted', { name: apiKey.name })),
          onError: (error) => notifyError(error),
        }),
    });

  return (
    <>
      <ModuleHeader
        title={t('admin.moduleNames.key-management')}
        description={t('apiKeys.description')}
        actions={
          <>
            <RefreshButton query={keys.query} />
            <Button leftSection={<IconPlus size={16} />} onClick={() => form.open('new')}>
              {t('apiKeys.create')}
            </Button>
          </>
        }
      />
      <CollectionStatus
        query={keys.query}
        isEmpty={keys.total === 0}
        errorTitle={t('apiKeys.loadFailed')}
        skeleton={{ rows: 3, height: 36 }}
        empty={
          <EmptyState
            icon={<IconKey size={28} stroke={1.6} />}
            title={t('apiKeys.empty')}
            hint={t('apiKeys.emptyHint')}
            action={
              <Button mt="xs" leftSection={<IconPlus size={16} />} onClick={() => form.open('new')}>
                {t('apiKeys.create')}
              </Button>
            }
          />
        }
      >
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            {t('apiKeys.count', { count: keys.total })}
          </Text>
          <ApiKeyList keys={keys.items ?? []} onEdit={form.open} onDelete={confirmDelete} />
        </Stack>
      </CollectionStatus>
      <ApiKeyFormModal
        source={form.target}
        opened={form.opened}
        onClose={form.close}
        onExited={form.exited}
        onCreated={setCreated}
      />
      <KeyCreatedModal created={created} onClose={() => setCreated(null)} />
    </>
  );
}
