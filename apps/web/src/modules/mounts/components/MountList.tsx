import { Badge, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { Mount } from '@sharebin/shared';
import {
  IconFileSearch,
  IconFolderOpen,
  IconPlayerPause,
  IconPlayerPlay,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  type CollectionSelection,
  DataTable,
  deleteAction,
  editAction,
  RelativeTime,
  type RowAction,
  type TableColumn,
} from '../../management';
import { reindexInterval } from '../mount.form';

/** A storage as the list names it; undefined when the config is gone or not visible. */
export interface StorageLabel {
  name: string;
  type: string;
}

/** The label may not clip: its whole word ("Inactive") sets the column's least width. */
function StatusBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="light"
      styles={{ label: { overflow: 'visible' } }}
      color={active ? 'teal' : 'gray'}
      data-status={active ? 'active' : 'inactive'}
    >
      {active ? t('mountManagement.status.active') : t('mountManagement.status.inactive')}
    </Badge>
  );
}

/**
 * The cache TTL, and under it how often the search index is rebuilt in the background when it
 * is (a column of its own would squeeze the names).
 */
function CacheCell({ mount }: { mount: Mount }) {
  const { t } = useTranslation();
  const minutes = mount.reindex_minutes;
  const interval = minutes === null ? null : reindexInterval(minutes);
  return (
    <Stack gap={2}>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {t('mountManagement.seconds', { count: mount.cache_ttl })}
      </Text>
      {interval && (
        <Group
          gap={4}
          wrap="nowrap"
          c="dimmed"
          data-testid="mount-reindex-schedule"
          title={t('mountManagement.columns.reindex')}
        >
          <IconFileSearch size={13} stroke={1.7} aria-hidden />
          <Text size="xs" style={{ whiteSpace: 'nowrap' }}>
            <VisuallyHidden>{t('mountManagement.columns.reindex')}: </VisuallyHidden>
            {t(`mountManagement.reindex.${interval.key}`, { count: interval.count })}
          </Text>
        </Group>
      )}
    </Stack>
  );
}

/** The mounts in the server's order (sort order, then path): a table, cards on a phone. */
export function MountList({
  mounts,
  selection,
  storageOf,
  onBrowse,
  onToggle,
  onEdit,
  onDelete,
  onReindex,
  toggling,
  reindexing,
}: {
  mounts: readonly Mount[];
  selection: CollectionSelection;
  storageOf: (mount: Mount) => StorageLabel | undefined;
  onBrowse: (mount: Mount) => void;
  onToggle: (mount: Mount) => void;
  onEdit: (mount: Mount) => void;
  onDelete: (mount: Mount) => void;
  onReindex: (mount: Mount) => void;
  /** The mount whose status is being changed. */
  toggling: string | null;
  /** The mounts whose index rebuild was started here and has not ended. */
  reindexing: ReadonlySet<string>;
}) {
  const { t } = useTranslation();
  const storageCell = (mount: Mount) => {
    const storage = storageOf(mount);
    return (
      <Stack gap={0} miw={80}>
        <Text size="sm" style={{ wordBreak: 'break-word' }}>
          {storage?.name ?? t('mountManagement.unknownStorage')}
        </Text>
        <Text size="xs" c="dimmed">
          {t(`storageConfig.types.${mount.storage_type}`)}
        </Text>
      </Stack>
    );
  };
  const columns: TableColumn<Mount>[] = [
    {
      key: 'name',
      header: t('common.name'),
      card: 'head',
      cell: (mount) => (
        <Stack gap={0} miw={0}>
          <Text size="sm" fw={600} style={{ wordBreak: 'break-word' }}>
            {mount.name}
          </Text>
          {mount.remark && (
            <Text size="xs" c="dimmed" lineClamp={2}>
              {mount.remark}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'path',
      header: t('mountManagement.columns.mountPath'),
      card: 'line',
      cell: (mount) => (
        <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }} data-testid="mount-path">
          {mount.mount_path}
        </Text>
      ),
    },
    { key: 'storage', header: t('mountManagement.columns.storage'), cell: storageCell },
    {
      key: 'status',
      header: t('mountManagement.columns.status'),
      cell: (mount) => <StatusBadge active={mount.is_active} />,
    },
    {
      key: 'sort',
      header: t('mountManagement.columns.sortOrder'),
      cell: (mount) => <Text size="sm">{mount.sort_order}</Text>,
    },
    {
      key: 'ttl',
      header: t('mountManagement.columns.cacheTtl'),
      cell: (mount) => <CacheCell mount={mount} />,
    },
    {
      key: 'updated',
      header: t('mountManagement.columns.updated'),
      cell: (mount) => <RelativeTime iso={mount.updated_at} />,
    },
  ];

  const actions = (mount: Mount): RowAction[] => [
    {
      label: t('mountManagement.actions.browse'),
      icon: <IconFolderOpen size={17} stroke={1.7} />,
      onClick: () => onBrowse(mount),
      testId: 'mount-browse',
    },
    {
      label: mount.is_active
        ? t('mountManagement.actions.deactivate')
        : t('mountManagement.actions.activate'),
      icon: mount.is_active ? (
        <IconPlayerPause size={17} stroke={1.7} />
      ) : (
        <IconPlayerPlay size={17} stroke={1.7} />
      ),
      onClick: () => onToggle(mount),
      loading: toggling === mount.id,
      testId: 'mount-toggle',
    },
    {
      label: t('mountManagement.actions.reindex'),
      icon: <IconFileSearch size={17} stroke={1.7} />,
      onClick: () => onReindex(mount),
      loading: reindexing.has(mount.id),
      testId: 'mount-reindex',
    },
    editAction(t('common.edit'), () => onEdit(mount)),
    deleteAction(t('common.delete'), () => onDelete(mount)),
  ];

  return (
    <DataTable
      items={mounts}
      columns={columns}
      idOf={(mount) => mount.id}
      nameOf={(mount) => mount.name}
      actions={actions}
      selection={selection}
      testId="mount-list"
      rowTestId="mount-row"
      rowAttributes={(mount) => ({ 'data-mount-path': mount.mount_path })}
      minWidth={900}
    />
  );
}
