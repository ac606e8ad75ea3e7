import {
  ActionIcon,
  Badge,
  Card,
  Code,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { StorageConfig } from '@sharebin/shared';
import {
  IconPencil,
  IconPlugConnected,
  IconStar,
  IconStarFilled,
  IconTrash,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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

type RowActions = Omit<StorageConfigListProps, 'configs'>;

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

function Actions({
  config,
  onTest,
  onSetDefault,
  onEdit,
  onDelete,
  settingDefault,
}: { config: StorageConfig } & RowActions) {
  const { t } = useTranslation();
  return (
    <Group gap={2} wrap="nowrap" justify="flex-end">
      <Tooltip label={t('storageConfig.actions.test')}>
        <ActionIcon
          variant="subtle"
          color="gray"
          onClick={() => onTest(config)}
          aria-label={`${t('storageConfig.actions.test')} ${storageDisplayName(config)}`}
        >
          <IconPlugConnected size={17} stroke={1.7} />
        </ActionIcon>
      </Tooltip>
      <Tooltip
        label={
          config.is_default
            ? t('storageConfig.actions.isDefault')
            : t('storageConfig.actions.setDefault')
        }
      >
        <ActionIcon
          variant="subtle"
          color={config.is_default ? 'yellow' : 'gray'}
          onClick={() => !config.is_default && onSetDefault(config)}
          loading={settingDefault === config.id}
          aria-disabled={config.is_default || undefined}
          aria-label={
            config.is_default
              ? `${t('storageConfig.actions.isDefault')}: ${storageDisplayName(config)}`
              : `${t('storageConfig.actions.setDefault')} ${storageDisplayName(config)}`
          }
          style={config.is_default ? { cursor: 'default' } : undefined}
        >
          {config.is_default ? <IconStarFilled size={16} /> : <IconStar size={17} stroke={1.7} />}
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('storageConfig.actions.edit')}>
        <ActionIcon
          variant="subtle"
          color="gray"
          onClick={() => onEdit(config)}
          aria-label={`${t('storageConfig.actions.edit')} ${storageDisplayName(config)}`}
        >
          <IconPencil size={17} stroke={1.7} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('storageConfig.actions.delete')}>
        <ActionIcon
          variant="subtle"
          color="red"
          onClick={() => onDelete(config)}
          aria-label={`${t('storageConfig.actions.delete')} ${storageDisplayName(config)}`}
        >
          <IconTrash size={17} stroke={1.7} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

function CardField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={4} miw={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/** A table on wide screens, a list of cards on phones. */
export function StorageConfigList({ configs, ...actions }: StorageConfigListProps) {
  const { t } = useTranslation();
  const wide = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });

  if (!wide) {
    return (
      <Stack gap="sm" data-testid="storage-list">
        {configs.map((config) => (
          <Card
            key={config.id}
            p="md"
            data-testid="storage-row"
            data-name={storageDisplayName(config)}
            style={
              config.is_default ? { borderColor: 'var(--mantine-color-yellow-outline)' } : undefined
            }
          >
            <Stack gap="sm">
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                <NameCell config={config} />
                <StorageTypeBadge type={config.storage_type} size="sm" />
              </Group>
              <SimpleGrid cols={2} spacing="sm" verticalSpacing="sm">
                <CardField label={t('storageConfig.columns.location')}>
                  <Location config={config} />
                </CardField>
                <CardField label={t('storageConfig.columns.apiKeys')}>
                  <ApiKeyAccess config={config} />
                </CardField>
              </SimpleGrid>
              <CardField label={t('storageConfig.columns.capacity')}>
                <CapacityBar config={config} width="100%" />
              </CardField>
              <Group justify="flex-end" pt={2}>
                <Actions config={config} {...actions} />
              </Group>
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <Card p={0} data-testid="storage-list">
      <Table.ScrollContainer minWidth={960}>
        <Table
          verticalSpacing="sm"
          horizontalSpacing="sm"
          highlightOnHover
          styles={{ th: { whiteSpace: 'nowrap' } }}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th pl="md">{t('storageConfig.columns.name')}</Table.Th>
              <Table.Th>{t('storageConfig.columns.type')}</Table.Th>
              <Table.Th>{t('storageConfig.columns.location')}</Table.Th>
              <Table.Th>{t('storageConfig.columns.capacity')}</Table.Th>
              <Table.Th>{t('storageConfig.columns.apiKeys')}</Table.Th>
              <Table.Th ta="right" pr="md">
                {t('storageConfig.columns.actions')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {configs.map((config) => (
              <Table.Tr
                key={config.id}
                data-testid="storage-row"
                data-name={storageDisplayName(config)}
              >
                <Table.Td pl="md" maw={280}>
                  <NameCell config={config} />
                </Table.Td>
                <Table.Td>
                  <StorageTypeBadge type={config.storage_type} />
                </Table.Td>
                <Table.Td maw={260}>
                  <Location config={config} />
                </Table.Td>
                <Table.Td>
                  <CapacityBar config={config} />
                </Table.Td>
                <Table.Td>
                  <ApiKeyAccess config={config} />
                </Table.Td>
                <Table.Td pr="md">
                  <Actions config={config} {...actions} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
