import { Button, Stack, Text } from '@mantine/core';
import type { StorageConfig } from '@sharebin/shared';
import { IconDatabase, IconPlus } from '@tabler/icons-react';
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
import {
  StorageConfigFormModal,
  type StorageFormSource,
} from '../components/StorageConfigFormModal';
import { StorageConfigList } from '../components/StorageConfigList';
import { StorageTestModal } from '../components/StorageTestModal';
import {
  useDeleteStorageConfig,
  useSetDefaultStorageConfig,
  useStorageConfigCollection,
} from '../storage.hooks';

/** The storage-config module (admin only): where uploads go, and how to reach it. */
export default function StorageConfigPage() {
  const { t } = useTranslation();
  const configs = useStorageConfigCollection();
  const deleteConfig = useDeleteStorageConfig();
  const setDefault = useSetDefaultStorageConfig();
  const form = useModalTarget<StorageFormSource>();
  const test = useModalTarget<StorageConfig>();

  const makeDefault = (config: StorageConfig) =>
    setDefault.mutate(config.id, {
      onSuccess: () =>
        notifySuccess(t('storageConfig.notifications.madeDefault', { name: config.name })),
      onError: (error) => notifyError(error),
    });

  // The server refuses the default storage and one that holds shares; its message says why.
  const confirmDelete = (config: StorageConfig) =>
    confirmDanger({
      title: t('storageConfig.deleteConfirm.title'),
      body: t('storageConfig.deleteConfirm.body', { name: config.name }),
      confirm: t('common.delete'),
      cancel: t('common.cancel'),
      onConfirm: () =>
        deleteConfig.mutate(config.id, {
          onSuccess: () =>
            notifySuccess(t('storageConfig.notifications.deleted', { name: config.name })),
          onError: (error) => notifyError(error, t('storageConfig.notifications.deleteFailed')),
        }),
    });

  return (
    <>
      <ModuleHeader
        title={t('admin.moduleNames.storage-config')}
        description={t('admin.moduleDescriptions.storage-config')}
        actions={
          <>
            <RefreshButton query={configs.query} />
            <Button leftSection={<IconPlus size={16} />} onClick={() => form.open('new')}>
              {t('storageConfig.create')}
            </Button>
          </>
        }
      />
      <CollectionStatus
        query={configs.query}
        isEmpty={configs.total === 0}
        errorTitle={t('storageConfig.loadFailed')}
        skeleton={{ rows: 3, height: 44 }}
        empty={
          <EmptyState
            icon={<IconDatabase size={28} stroke={1.6} />}
            title={t('storageConfig.empty')}
            hint={t('storageConfig.emptyHint')}
            action={
              <Button mt="xs" leftSection={<IconPlus size={16} />} onClick={() => form.open('new')}>
                {t('storageConfig.create')}
              </Button>
            }
          />
        }
      >
        <Stack gap="xs">
          <Text size="sm" c="dimmed" data-testid="storage-count">
            {t('storageConfig.count', { count: configs.total })}
          </Text>
          <StorageConfigList
            configs={configs.items ?? []}
            onTest={test.open}
            onSetDefault={makeDefault}
            onEdit={form.open}
            onDelete={confirmDelete}
            settingDefault={setDefault.isPending ? (setDefault.variables ?? null) : null}
          />
        </Stack>
      </CollectionStatus>
      <StorageConfigFormModal
        source={form.target}
        opened={form.opened}
        onClose={form.close}
        onExited={form.exited}
      />
      <StorageTestModal
        config={test.target}
        opened={test.opened}
        onClose={test.close}
        onExited={test.exited}
      />
    </>
  );
}
