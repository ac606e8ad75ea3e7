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
import type { StorageConfig } from '@sharebin/shared';
import { IconAlertCircle, IconDatabase, IconPlus, IconRefresh } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../app/api-client';
import { notifyError, notifySuccess } from '../../../app/notify';
import { ModuleHeader } from '../../admin/components/ModuleHeader';
import { StorageConfigFormModal } from '../components/StorageConfigFormModal';
import { StorageConfigList } from '../components/StorageConfigList';
import { StorageTestModal } from '../components/StorageTestModal';
import {
  useDeleteStorageConfig,
  useSetDefaultStorageConfig,
  useStorageConfigs,
} from '../storage.hooks';

/** The storage-config module (admin only): where uploads go, and how to reach it. */
export default function StorageConfigPage() {
  const { t } = useTranslation();
  const configs = useStorageConfigs();
  const deleteConfig = useDeleteStorageConfig();
  const setDefault = useSetDefaultStorageConfig();
  const [creating, setCreating] = useState(false);
  // The targets outlive the open flags so the modals keep their content while they fade out.
  const [editTarget, setEditTarget] = useState<StorageConfig | null>(null);
  const [editOpen, setEditOpen] = useState(false);
  const [testTarget, setTestTarget] = useState<StorageConfig | null>(null);
  const [testOpen, setTestOpen] = useState(false);

  const makeDefault = (config: StorageConfig) =>
    setDefault.mutate(config.id, {
      onSuccess: () =>
        notifySuccess(t('storageConfig.notifications.madeDefault', { name: config.name })),
      onError: (error) => notifyError(error),
    });

  // The server refuses the default storage and one that holds shares; its message says why.
  const confirmDelete = (config: StorageConfig) =>
    modals.openConfirmModal({
      title: <Text fw={700}>{t('storageConfig.deleteConfirm.title')}</Text>,
      children: (
        <Text size="sm" style={{ wordBreak: 'break-word' }}>
          {t('storageConfig.deleteConfirm.body', { name: config.name })}
        </Text>
      ),
      labels: {
        confirm: t('storageConfig.deleteConfirm.confirm'),
        cancel: t('storageConfig.deleteConfirm.cancel'),
      },
      confirmProps: { color: 'red', 'data-testid': 'confirm-delete' } as Record<string, unknown>,
      onConfirm: () =>
        deleteConfig.mutate(config.id, {
          onSuccess: () =>
            notifySuccess(t('storageConfig.notifications.deleted', { name: config.name })),
          onError: (error) => notifyError(error, t('storageConfig.notifications.deleteFailed')),
        }),
    });

  let content: ReactNode;
  if (configs.isPending) {
    content = (
      <Card p="lg">
        <Stack gap="md">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} h={44} />
          ))}
        </Stack>
      </Card>
    );
  } else if (configs.isError) {
    content = (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertCircle size={18} />}
        title={t('storageConfig.loadFailed')}
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{errorMessage(configs.error)}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => configs.refetch()}>
            {t('storageConfig.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (configs.data.length === 0) {
    content = (
      <Card p="xl">
        <Center py="xl">
          <Stack align="center" gap="sm" ta="center" maw={380}>
            <ThemeIcon size={56} radius="xl" variant="light">
              <IconDatabase size={28} stroke={1.6} />
            </ThemeIcon>
            <Text fw={600}>{t('storageConfig.empty')}</Text>
            <Text size="sm" c="dimmed">
              {t('storageConfig.emptyHint')}
            </Text>
            <Button mt="xs" leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              {t('storageConfig.create')}
            </Button>
          </Stack>
        </Center>
      </Card>
    );
  } else {
    content = (
      <Stack gap="xs">
        <Text size="sm" c="dimmed" data-testid="storage-count">
          {t('storageConfig.count', { count: configs.data.length })}
        </Text>
        <StorageConfigList
          configs={configs.data}
          onTest={(config) => {
            setTestTarget(config);
            setTestOpen(true);
          }}
          onSetDefault={makeDefault}
          onEdit={(config) => {
            setEditTarget(config);
            setEditOpen(true);
          }}
          onDelete={confirmDelete}
          settingDefault={setDefault.isPending ? (setDefault.variables ?? null) : null}
        />
      </Stack>
    );
  }

  return (
    <>
      <ModuleHeader
        title={t('admin.moduleNames.storage-config')}
        description={t('admin.moduleDescriptions.storage-config')}
        actions={
          <>
            <Tooltip label={t('storageConfig.refresh')}>
              <ActionIcon
                variant="default"
                size="lg"
                onClick={() => configs.refetch()}
                loading={configs.isFetching && !configs.isPending}
                aria-label={t('storageConfig.refresh')}
              >
                <IconRefresh size={18} stroke={1.7} />
              </ActionIcon>
            </Tooltip>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              {t('storageConfig.create')}
            </Button>
          </>
        }
      />
      {content}
      <StorageConfigFormModal mode="create" opened={creating} onClose={() => setCreating(false)} />
      <StorageConfigFormModal
        mode="edit"
        opened={editOpen}
        onClose={() => setEditOpen(false)}
        config={editTarget}
      />
      <StorageTestModal
        config={testTarget}
        opened={testOpen}
        onClose={() => setTestOpen(false)}
        onExited={() => setTestTarget(null)}
      />
    </>
  );
}
