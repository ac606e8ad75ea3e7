import { Badge, Code, Group, Stack, Text } from '@mantine/core';
import type { StorageConfig } from '@sharebin/shared';
import { IconPlugConnected, IconStar, IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  DataTable,
  deleteAction,
  editAction,
  type RowAction,
  type TableColumn,
} from '../../management';
import { storageDisplayName } from '../storage-name';
import {
  CapacityBar,
  DefaultBadge,
  fullWidth,
  kindOf,
  ProviderIcon,
  StorageTypeBadge,
} from './StorageBadges';

export interface StorageConfigListProps {
  configs: readonly StorageConfig[];
  onTest: (config: StorageConfig) => void;
  onSetDefault: (config: StorageConfig) => void;
  onEdit: (config: StorageConfig) => void;
  onDelete: (config: StorageConfig) => void;
  /** The config whose default flag is being set, for its button's spinner. */
  settingDefault: string | null;
}

/** The host of an endpoint, or the text itself when it is no URL. */
function hostOf(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return endpoint;
  }
}

function NameCell({ config }: { config: StorageConfig }) {
  const { t } = useTranslation();
  const kind = kindOf(config);
  return (
    <Group gap="sm" wrap="nowrap" miw={0}>
      <ProviderIcon kind={kind} />
      <Stack gap={2} miw={0}>
        <Group gap={6} wrap="nowrap" miw={0}>
          <Text size="sm" fw={600} truncate="end" data-testid="storage-name">
            {storageDisplayName(config)}
          </Text>
          {config.is_default && <DefaultBadge />}
        </Group>
        <Text size="xs" c="dimmed" truncate="end" data-testid="storage-provider">
          {t(`storageConfig.providers.${kind}`)}
        </Text>
      </Stack>
    </Group>
  );
}

/** Where the files go: the bucket and endpoint host, or the server's data folder. */
function Location({ config }: { config: StorageConfig }) {
  const { t } = useTranslation();
  const folder = config.default_folder ? `/${config.default_folder}` : null;
  if (config.storage_type === 'local') {
    return (
      <Stack gap={2} miw={0}>
        <Text size="sm">{t('storageConfig.localLocation')}</Text>
        {folder && (
          <Code fz="xs" w="fit-content" maw="100%" style={{ overflowWrap: 'anywhere' }}>
            {folder}
          </Code>
        )}
      </Stack>
    );
  }
  return (
    <Stack gap={2} miw={0}>
      <Code fz="xs" w="fit-content" maw="100%" style={{ overflowWrap: 'anywhere' }}>
        {config.bucket}
        {folder}
      </Code>
      <Text size="xs" c="dimmed" truncate="end" data-testid="storage-endpoint">
        {config.endpoint ? hostOf(config.endpoint) : t('storageConfig.providerEndpoint')}
        {config.region ? ` · ${config.region}` : ''}
      </Text>
    </Stack>
  );
}

function ApiKeyAccess({ config }: { config: StorageConfig }) {
  const { t } = useTranslation();
  return config.allow_api_keys ? (
    <Badge size="sm" variant="light" color="teal" styles={fullWidth} data-testid="storage-api-keys">
      {t('storageConfig.apiKeysAllowed')}
    </Badge>
  ) : (
    <Badge size="sm" variant="light" color="gray" styles={fullWidth} data-testid="storage-api-keys">
      {t('storageConfig.apiKeysDenied')}
    </Badge>
  );
}

/** A table on wide screens, a list of cards on phones. */
export function StorageConfigList({
  configs,
  onTest,
  onSetDefault,
  onEdit,
  onDelete,
  settingDefault,
}: StorageConfigListProps) {
  const { t } = useTranslation();
  const columns: TableColumn<StorageConfig>[] = [
    {
      key: 'name',
      header: t('common.name'),
      card: 'head',
      td: { maw: 280 },
      cell: (config) => <NameCell config={config} />,
    },
    {
      key: 'type',
      header: t('common.type'),
      card: 'aside',
      cell: (config) => <StorageTypeBadge type={config.storage_type} />,
      cardCell: (config) => <StorageTypeBadge type={config.storage_type} size="sm" />,
    },
    {
      key: 'location',
      header: t('storageConfig.columns.location'),
      td: { maw: 260 },
      cell: (config) => <Location config={config} />,
    },
    {
      key: 'capacity',
      header: t('storageConfig.columns.capacity'),
      card: 'wide',
      cell: (config) => <CapacityBar config={config} />,
      cardCell: (config) => <CapacityBar config={config} width="100%" />,
    },
    {
      key: 'apiKeys',
      header: t('storageConfig.columns.apiKeys'),
      cell: (config) => <ApiKeyAccess config={config} />,
    },
  ];
  const actions = (config: StorageConfig): RowAction[] => {
    const name = storageDisplayName(config);
    return [
      {
        label: t('storageConfig.actions.test'),
        icon: <IconPlugConnected size={17} stroke={1.7} />,
        onClick: () => onTest(config),
      },
      config.is_default
        ? {
            label: t('storageConfig.actions.isDefault'),
            ariaLabel: `${t('storageConfig.actions.isDefault')}: ${name}`,
            icon: <IconStarFilled size={16} />,
            color: 'yellow',
            current: true,
            onClick: () => undefined,
          }
        : {
            label: t('storageConfig.actions.setDefault'),
            icon: <IconStar size={17} stroke={1.7} />,
            loading: settingDefault === config.id,
            onClick: () => onSetDefault(config),
          },
      editAction(t('common.edit'), () => onEdit(config)),
      deleteAction(t('common.delete'), () => onDelete(config)),
    ];
  };
  return (
    <DataTable
      items={configs}
      columns={columns}
      idOf={(config) => config.id}
      nameOf={storageDisplayName}
      actions={actions}
      testId="storage-list"
      rowTestId="storage-row"
      rowAttributes={(config) => ({ 'data-name': storageDisplayName(config) })}
      minWidth={960}
      cardActions="foot"
      cardHighlight={(config) =>
        config.is_default ? 'var(--mantine-color-yellow-outline)' : undefined
      }
    />
  );
}
