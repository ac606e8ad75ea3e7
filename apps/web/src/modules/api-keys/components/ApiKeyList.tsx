import { Badge, Code, Group, Text, Tooltip } from '@mantine/core';
import type { ApiKey } from '@sharebin/shared';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime, formatRelative, isPast } from '../../../app/format';
import { PermissionBadges } from '../../auth';
import { DataTable, deleteAction, editAction, type TableColumn } from '../../management';

interface ApiKeyListProps {
  keys: readonly ApiKey[];
  onEdit: (key: ApiKey) => void;
  onDelete: (key: ApiKey) => void;
}

function permissionsOf(key: ApiKey) {
  return { text: key.text_permission, file: key.file_permission, mount: key.mount_permission };
}

function KeyPrefix({ apiKey }: { apiKey: ApiKey }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap">
      {/* Not a scroll box (Code's default): a region that scrolls must take the focus (axe). */}
      <Code fz="xs" style={{ whiteSpace: 'nowrap', overflow: 'visible' }}>
        {apiKey.key_prefix}…
      </Code>
      {apiKey.custom_key && (
        <Badge size="xs" variant="outline" color="gray" style={{ flexShrink: 0 }}>
          {t('apiKeys.custom')}
        </Badge>
      )}
    </Group>
  );
}

function Expiry({ apiKey }: { apiKey: ApiKey }) {
  const { t, i18n } = useTranslation();
  if (!apiKey.expires_at) {
    return (
      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {t('common.never')}
      </Text>
    );
  }
  const expired = isPast(apiKey.expires_at);
  return (
    <Group gap={6} wrap="nowrap">
      <Tooltip label={formatDateTime(apiKey.expires_at, i18n.language)}>
        <Text size="sm" c={expired ? 'red' : undefined} style={{ whiteSpace: 'nowrap' }}>
          {formatDate(apiKey.expires_at, i18n.language)}
        </Text>
      </Tooltip>
      {expired && (
        <Badge size="xs" color="red" variant="filled" data-testid="expired-badge">
          {t('common.expired')}
        </Badge>
      )}
    </Group>
  );
}

function LastUsed({ apiKey }: { apiKey: ApiKey }) {
  const { t, i18n } = useTranslation();
  if (!apiKey.last_used_at) {
    return (
      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {t('apiKeys.neverUsed')}
      </Text>
    );
  }
  return (
    <Tooltip label={formatDateTime(apiKey.last_used_at, i18n.language)}>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatRelative(apiKey.last_used_at, i18n.language)}
      </Text>
    </Tooltip>
  );
}

/** A table on wide screens, a list of cards on phones. */
export function ApiKeyList({ keys, onEdit, onDelete }: ApiKeyListProps) {
  const { t, i18n } = useTranslation();
  const columns: TableColumn<ApiKey>[] = [
    {
      key: 'name',
      header: t('common.name'),
      card: 'head',
      td: { maw: 200 },
      cell: (apiKey) => (
        <Text fw={600} size="sm" truncate="end">
          {apiKey.name}
        </Text>
      ),
      cardCell: (apiKey) => (
        <Text fw={600} truncate="end">
          {apiKey.name}
        </Text>
      ),
    },
    {
      key: 'key',
      header: t('apiKeys.columns.key'),
      card: 'head',
      cell: (apiKey) => <KeyPrefix apiKey={apiKey} />,
    },
    {
      key: 'permissions',
      header: t('apiKeys.columns.permissions'),
      card: 'line',
      cell: (apiKey) => (
        <PermissionBadges
          permissions={permissionsOf(apiKey)}
          mountReadOnly={apiKey.mount_read_only}
          size="xs"
          wrap="nowrap"
        />
      ),
      cardCell: (apiKey) => (
        <PermissionBadges
          permissions={permissionsOf(apiKey)}
          mountReadOnly={apiKey.mount_read_only}
          size="xs"
        />
      ),
    },
    {
      key: 'basePath',
      header: t('apiKeys.columns.basePath'),
      cell: (apiKey) => (
        <Code fz="xs" w="fit-content">
          {apiKey.basic_path}
        </Code>
      ),
    },
    {
      key: 'expires',
      header: t('common.expires'),
      cell: (apiKey) => <Expiry apiKey={apiKey} />,
    },
    {
      key: 'lastUsed',
      header: t('apiKeys.columns.lastUsed'),
      cell: (apiKey) => <LastUsed apiKey={apiKey} />,
    },
    {
      key: 'created',
      header: t('common.created'),
      cell: (apiKey) => (
        <Tooltip label={formatDateTime(apiKey.created_at, i18n.language)}>
          <Text size="sm" style={{ whiteSpace: 'nowrap' }} w="fit-content">
            {formatDate(apiKey.created_at, i18n.language)}
          </Text>
        </Tooltip>
      ),
    },
  ];
  return (
    <DataTable
      items={keys}
      columns={columns}
      idOf={(apiKey) => apiKey.id}
      nameOf={(apiKey) => apiKey.name}
      actions={(apiKey) => [
        editAction(t('common.edit'), () => onEdit(apiKey)),
        deleteAction(t('common.delete'), () => onDelete(apiKey)),
      ]}
      testId="api-key-list"
      rowTestId="api-key-row"
      rowAttributes={(apiKey) => ({ 'data-key-name': apiKey.name })}
      minWidth={900}
    />
  );
}
