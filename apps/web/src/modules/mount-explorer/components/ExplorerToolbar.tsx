import { ActionIcon, Button, Group, Menu, SegmentedControl, Text, Tooltip } from '@mantine/core';
import {
  IconBasketPlus,
  IconCheck,
  IconCopy,
  IconDotsVertical,
  IconFileArrowRight,
  IconFolderPlus,
  IconInbox,
  IconLayoutGrid,
  IconList,
  IconPackageExport,
  IconRefresh,
  IconSearch,
  IconSelectAll,
  IconShare,
  IconSortAscending,
  IconTrash,
  IconUpload,
  IconX,
} from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ViewMode } from '../explorer.hooks';
import { SORT_KEYS, type SortOrder } from '../explorer.sort';

export interface ToolbarProps {
  selectedCount: number;
  /** Uploads and new folders may go here. */
  writable: boolean;
  /** Every selected entry may be moved and deleted. */
  selectionWritable: boolean;
  /** The user may write somewhere, so a copy has a target (not a read-only key). */
  canCopy: boolean;
  /** Exactly one entry is selected and it can be shared by link (not a virtual folder). */
  canShare: boolean;
  onShare: () => void;
  /** Exactly one folder is selected and others may be asked for files into it. */
  canRequestFiles: boolean;
  /** Asks for files into the selected folder, or into this one when nothing is selected. */
  onRequestFiles: () => void;
  /** Exactly one archive is selected and the user may write somewhere to extract it to. */
  canExtract: boolean;
  onExtract: () => void;
  onUpload: () => void;
  onNewFolder: () => void;
  onMove: () => void;
  onCopy: () => void;
  onAddToBasket: () => void;
  onDelete: () => void;
  onClearSelection: () => void;
  onSelectAll: () => void;
  onSearch: () => void;
  sort: SortOrder;
  onSort: (order: SortOrder) => void;
  view: ViewMode;
  onView: (view: ViewMode) => void;
  onRefresh: () => void;
  refreshing: boolean;
}

function SortItems({ sort, onSort }: Pick<ToolbarProps, 'sort' | 'onSort'>) {
  const { t } = useTranslation();
  return (
    <>
      <Menu.Label>{t('mountExplorer.sort.label')}</Menu.Label>
      {SORT_KEYS.map((key) => (
        <Menu.Item
          key={key}
          leftSection={sort.key === key ? <IconCheck size={14} /> : <span style={{ width: 14 }} />}
          onClick={() => onSort({ key, direction: sort.direction })}
        >
          {t(`mountExplorer.sort.${key}`)}
        </Menu.Item>
      ))}
      <Menu.Divider />
      {(['asc', 'desc'] as const).map((direction) => (
        <Menu.Item
          key={direction}
          leftSection={
            sort.direction === direction ? <IconCheck size={14} /> : <span style={{ width: 14 }} />
          }
          onClick={() => onSort({ key: sort.key, direction })}
        >
          {t(`mountExplorer.sort.${direction}`)}
        </Menu.Item>
      ))}
    </>
  );
}

/** One action of the toolbar: a button on wide screens, an item of the menu on phones. */
interface ToolbarAction {
  key: string;
  label: string;
  icon: typeof IconUpload;
  onClick: () => void;
  variant: 'filled' | 'default' | 'danger';
  /** Stays a button on phones too (the main thing to do here). */
  onPhones?: boolean;
  testId?: string;
}

/** The action, when it applies. */
const when = (applies: boolean, action: ToolbarAction): ToolbarAction[] =>
  applies ? [action] : [];

/** What can be done now: to the selection when there is one, else to the folder. */
function toolbarActions(props: ToolbarProps, t: TFunction): ToolbarAction[] {
  if (props.selectedCount > 0) {
    const copy: ToolbarAction = {
      key: 'copy',
      label: t('mountExplorer.actions.copy'),
      icon: IconCopy,
      onClick: props.onCopy,
      variant: 'default',
    };
    const addToBasket: ToolbarAction = {
      key: 'basket',
      label: t('mountExplorer.basket.add'),
      icon: IconBasketPlus,
      onClick: props.onAddToBasket,
      variant: 'default',
      testId: 'add-selected-to-basket',
    };
    const share = when(props.canShare, {
      key: 'share',
      label: t('fsShares.explorer.share'),
      icon: IconShare,
      onClick: props.onShare,
      variant: 'default',
      testId: 'share-selected',
    });
    const requestFiles = when(props.canRequestFiles, {
      key: 'request-files',
      label: t('uploadRequests.explorer.requestFiles'),
      icon: IconInbox,
      onClick: props.onRequestFiles,
      variant: 'default',
      testId: 'request-files-selected',
    });
    const extract = when(props.canExtract, {
      key: 'extract',
      label: t('mountExplorer.actions.extract'),
      icon: IconPackageExport,
      onClick: props.onExtract,
      variant: 'default',
      testId: 'extract-selected',
    });
    if (!props.selectionWritable) {
      return [...share, ...requestFiles, addToBasket, ...when(props.canCopy, copy), ...extract];
    }
    return [
      ...share,
      ...requestFiles,
      addToBasket,
      {
        key: 'move',
        label: t('mountExplorer.actions.move'),
        icon: IconFileArrowRight,
        onClick: props.onMove,
        variant: 'default',
      },
      copy,
      ...extract,
      {
        key: 'delete',
        label: t('common.delete'),
        icon: IconTrash,
        onClick: props.onDelete,
        variant: 'danger',
        testId: 'delete-selected',
      },
    ];
  }
  if (!props.writable) return [];
  return [
    {
      key: 'upload',
      label: t('mountExplorer.toolbar.upload'),
      icon: IconUpload,
      onClick: props.onUpload,
      variant: 'filled',
      onPhones: true,
      testId: 'open-upload',
    },
    {
      key: 'new-folder',
      label: t('mountExplorer.toolbar.newFolder'),
      icon: IconFolderPlus,
      onClick: props.onNewFolder,
      variant: 'default',
      testId: 'open-new-folder',
    },
    {
      key: 'request-files-here',
      label: t('uploadRequests.explorer.requestFilesHere'),
      icon: IconInbox,
      onClick: props.onRequestFiles,
      variant: 'default',
      testId: 'request-files-here',
    },
  ];
}

function ActionButton({ action }: { action: ToolbarAction }) {
  const Icon = action.icon;
  return (
    <Button
      size="xs"
      variant={action.variant === 'danger' ? 'light' : action.variant}
      color={action.variant === 'danger' ? 'red' : undefined}
      leftSection={<Icon size={14} />}
      onClick={action.onClick}
      visibleFrom={action.onPhones ? undefined : 'sm'}
      data-testid={action.testId}
    >
      {action.label}
    </Button>
  );
}

/** Actions on the folder and the selection; on phones the less used ones sit in a menu. */
export function ExplorerToolbar(props: ToolbarProps) {
  const { t } = useTranslation();
  const { selectedCount: count } = props;
  const actions = toolbarActions(props, t);
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" data-testid="explorer-toolbar">
      <Group gap="xs" wrap="nowrap">
        {count > 0 && (
          <>
            <Tooltip label={t('common.clearSelection')}>
              <ActionIcon
                variant="subtle"
                color="gray"
                onClick={props.onClearSelection}
                aria-label={t('common.clearSelection')}
              >
                <IconX size={16} />
              </ActionIcon>
            </Tooltip>
            <Text size="sm" fw={500} data-testid="selection-count">
              {t('common.selectedCount', { count })}
            </Text>
          </>
        )}
        {actions.map((action) => (
          <ActionButton key={action.key} action={action} />
        ))}
      </Group>
      <Group gap={6} wrap="nowrap">
        <Button
          size="xs"
          variant="default"
          leftSection={<IconSearch size={14} />}
          onClick={props.onSearch}
          visibleFrom="sm"
          data-testid="open-search"
        >
          {t('common.search')}
        </Button>
        <ActionIcon
          variant="default"
          size="md"
          onClick={props.onSearch}
          hiddenFrom="sm"
          aria-label={t('common.search')}
        >
          <IconSearch size={16} />
        </ActionIcon>
        <Menu position="bottom-end" shadow="md">
          <Menu.Target>
            <Tooltip label={t('mountExplorer.sort.label')}>
              <ActionIcon
                variant="default"
                size="md"
                visibleFrom="sm"
                aria-label={t('mountExplorer.sort.label')}
                data-testid="sort-menu"
              >
                <IconSortAscending size={16} />
              </ActionIcon>
            </Tooltip>
          </Menu.Target>
          <Menu.Dropdown>
            <SortItems sort={props.sort} onSort={props.onSort} />
          </Menu.Dropdown>
        </Menu>
        <SegmentedControl
          size="xs"
          visibleFrom="sm"
          value={props.view}
          onChange={(value) => props.onView(value === 'grid' ? 'grid' : 'list')}
          data-testid="view-toggle"
          data={[
            {
              value: 'list',
              label: <IconList size={16} aria-label={t('mountExplorer.toolbar.listView')} />,
            },
            {
              value: 'grid',
              label: <IconLayoutGrid size={16} aria-label={t('mountExplorer.toolbar.gridView')} />,
            },
          ]}
        />
        <Tooltip label={t('common.refresh')}>
          <ActionIcon
            variant="default"
            size="md"
            onClick={props.onRefresh}
            loading={props.refreshing}
            visibleFrom="sm"
            aria-label={t('common.refresh')}
          >
            <IconRefresh size={16} />
          </ActionIcon>
        </Tooltip>
        <Menu position="bottom-end" shadow="md" width={220}>
          <Menu.Target>
            <ActionIcon
              variant="default"
              size="md"
              hiddenFrom="sm"
              aria-label={t('mountExplorer.toolbar.more')}
              data-testid="toolbar-more"
            >
              <IconDotsVertical size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {actions
              .filter((action) => !action.onPhones)
              .map(({ key, icon: Icon, label, onClick, variant }) => (
                <Menu.Item
                  key={key}
                  color={variant === 'danger' ? 'red' : undefined}
                  leftSection={<Icon size={14} />}
                  onClick={onClick}
                >
                  {label}
                </Menu.Item>
              ))}
            <Menu.Item leftSection={<IconSelectAll size={14} />} onClick={props.onSelectAll}>
              {t('mountExplorer.toolbar.selectAll')}
            </Menu.Item>
            <Menu.Item
              leftSection={
                props.view === 'list' ? <IconLayoutGrid size={14} /> : <IconList size={14} />
              }
              onClick={() => props.onView(props.view === 'list' ? 'grid' : 'list')}
            >
              {props.view === 'list'
                ? t('mountExplorer.toolbar.gridView')
                : t('mountExplorer.toolbar.listView')}
            </Menu.Item>
            <Menu.Item leftSection={<IconRefresh size={14} />} onClick={props.onRefresh}>
              {t('common.refresh')}
            </Menu.Item>
            <Menu.Divider />
            <SortItems sort={props.sort} onSort={props.onSort} />
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Group>
  );
}
