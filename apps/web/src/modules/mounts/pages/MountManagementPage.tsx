import { Button, Stack, Text } from '@mantine/core';
import type { Mount, StorageChoice } from '@sharebin/shared';
import { IconDatabase, IconFolders, IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { notifyError, notifySuccess } from '../../../app/notify';
import { ModuleHeader } from '../../admin';
import {
  BatchDeleteButton,
  CollectionStatus,
  CollectionToolbar,
  confirmDanger,
  EmptyState,
  RefreshButton,
  SelectionBar,
  useBatchDelete,
  useModalTarget,
} from '../../management';
import { storageDisplayName, useStorageChoices } from '../../storage';
import { MountFormModal, type MountFormSource } from '../components/MountFormModal';
import { MountList, type StorageLabel } from '../components/MountList';
import { rebuildIndex } from '../mount.reindex';
import { removeMounts, useDeleteMount, useMountCollection, useUpdateMount } from '../mounts.hooks';

const NO_STORAGES: readonly StorageChoice[] = [];

/** The explorer's address of a mount's root. */
const browsePath = (mount: Mount) => `/mount-explorer${mount.mount_path}`;

/** The mount-management module (admin only, SPEC §6): where each storage shows in the explorer. */
export default function MountManagementPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mounts = useMountCollection();
  const storageQuery = useStorageChoices();
  const storages = storageQuery.data ?? NO_STORAGES;
  const form = useModalTarget<MountFormSource>();
  const update = useUpdateMount();
  const deleteMount = useDeleteMount();
  const [toggling, setToggling] = useState<string | null>(null);
  const [reindexing, setReindexing] = useState<ReadonlySet<string>>(() => new Set());
  const batchDelete = useBatchDelete(mounts, removeMounts, {
    title: t('mountManagement.batchDeleteConfirm.title'),
    body: (count) => t('mountManagement.batchDeleteConfirm.body', { count }),
    confirm: (count) => t('mountManagement.batchDeleteConfirm.confirm', { count }),
    cancel: t('common.cancel'),
    done: (count) => t('mountManagement.notifications.batchDeleted', { count }),
  });

  // The built-in storage's name is translated: a language switch renames it.
  const localName = t('storageConfig.providers.local');
  const storageLabels = useMemo(
    () =>
      new Map<string, StorageLabel>(
        storages.map((storage) => [
          storage.id,
          { name: storageDisplayName(storage, localName), type: storage.storage_type },
        ]),
      ),
    [storages, localName],
  );

  const toggle = (mount: Mount) => {
    setToggling(mount.id);
    update.mutate(
      { id: mount.id, changes: { is_active: !mount.is_active } },
      {
        onSuccess: (changed) =>
          notifySuccess(
            t(
              changed.is_active
                ? 'mountManagement.notifications.activated'
                : 'mountManagement.notifications.deactivated',
              { path: changed.mount_path },
            ),
          ),
        onError: (error) => notifyError(error),
        onSettled: () => setToggling(null),
      },
    );
  };

  // The button spins until the job ends; the task manager shows its progress meanwhile.
  const reindex = (mount: Mount) => {
    if (reindexing.has(mount.id)) return;
    const changing = (change: (ids: Set<string>) => void) =>
      setReindexing((current) => {
        const next = new Set(current);
        change(next);
        return next;
      });
    changing((ids) => ids.add(mount.id));
    void rebuildIndex(mount).finally(() => changing((ids) => ids.delete(mount.id)));
  };

  // The storage's files stay; only the mount point goes (SPEC §3).
  const confirmDelete = (mount: Mount) =>
    confirmDanger({
      title: t('mountManagement.deleteConfirm.title'),
      body: t('mountManagement.deleteConfirm.body', { name: mount.name, path: mount.mount_path }),
      confirm: t('common.delete'),
      cancel: t('common.cancel'),
      onConfirm: () =>
        deleteMount.mutate(mount.id, {
          onSuccess: () =>
            notifySuccess(t('mountManagement.notifications.deleted', { path: mount.mount_path })),
          onError: (error) => notifyError(error),
        }),
    });

  const noStorage = storageQuery.isSuccess && storages.length === 0;
  const createButton = (
    <Button
      leftSection={<IconPlus size={16} />}
      onClick={() => form.open('new')}
      disabled={noStorage}
    >
      {t('mountManagement.create')}
    </Button>
  );
  const storageLink = (
    <Button
      component={Link}
      to="/admin/storage-config"
      variant="light"
      leftSection={<IconDatabase size={16} />}
    >
      {t('mountManagement.noStorage')}
    </Button>
  );

  return (
    <>
      <ModuleHeader
        title={t('admin.moduleNames.mount-management')}
        description={t('admin.moduleDescriptions.mount-management')}
        actions={
          <>
            <RefreshButton query={mounts.query} />
            {createButton}
          </>
        }
      />
      {mounts.total > 0 && (
        <CollectionToolbar>
          <Text size="sm" c="dimmed" data-testid="mount-count" pt={8}>
            {t('mountManagement.count', { count: mounts.total })}
          </Text>
          <SelectionBar
            selection={mounts.selection}
            idle={null}
            actions={<BatchDeleteButton batchDelete={batchDelete} />}
          />
        </CollectionToolbar>
      )}
      <CollectionStatus
        query={mounts.query}
        isEmpty={mounts.total === 0}
        errorTitle={t('mountManagement.loadFailed')}
        skeleton={{ rows: 3, height: 44 }}
        empty={
          <EmptyState
            testId="mount-list-empty"
            icon={<IconFolders size={28} stroke={1.6} />}
            title={t('mountManagement.empty')}
            hint={
              noStorage ? t('mountManagement.emptyNoStorageHint') : t('mountManagement.emptyHint')
            }
            action={<Stack mt="xs">{noStorage ? storageLink : createButton}</Stack>}
          />
        }
      >
        <MountList
          mounts={mounts.items ?? []}
          selection={mounts.selection}
          storageOf={(mount) => storageLabels.get(mount.storage_config_id)}
          onBrowse={(mount) => navigate(browsePath(mount))}
          onToggle={toggle}
          onEdit={form.open}
          onDelete={confirmDelete}
          onReindex={reindex}
          toggling={toggling}
          reindexing={reindexing}
        />
      </CollectionStatus>
      <MountFormModal
        source={form.target}
        storages={storages}
        opened={form.opened}
        onClose={form.close}
        onExited={form.exited}
      />
    </>
  );
}
