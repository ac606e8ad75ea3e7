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
import type { ApiKey } from '@sharebin/shared';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime, formatRelative, isPast } from '../../../app/format';
import { PermissionBadges } from '../../auth/components/PermissionBadges';

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
      <Code fz="xs" style={{ whiteSpace: 'nowrap' }}>
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
        {t('apiKeys.never')}
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
          {t('apiKeys.expired')}
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

function Actions({ apiKey, onEdit, onDelete }: { apiKey: ApiKey } & Omit<ApiKeyListProps, 'keys'>) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label={t('apiKeys.edit')}>
        <ActionIcon
          variant="subtle"
          color="gray"
          onClick={() => onEdit(apiKey)}
          aria-label={`${t('apiKeys.edit')} ${apiKey.name}`}
        >
          <IconPencil size={17} stroke={1.7} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('apiKeys.delete')}>
        <ActionIcon
          variant="subtle"
          color="red"
          onClick={() => onDelete(apiKey)}
          aria-label={`${t('apiKeys.delete')} ${apiKey.name}`}
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
export function ApiKeyList({ keys, onEdit, onDelete }: ApiKeyListProps) {
  const { t, i18n } = useTranslation();
  const wide = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });

  if (!wide) {
    return (
      <Stack gap="sm" data-testid="api-key-list">
        {keys.map((apiKey) => (
          <Card key={apiKey.id} p="md" data-testid="api-key-row" data-key-name={apiKey.name}>
            <Stack gap="sm">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={4} miw={0}>
                  <Text fw={600} truncate="end">
                    {apiKey.name}
                  </Text>
                  <KeyPrefix apiKey={apiKey} />
                </Stack>
                <Actions apiKey={apiKey} onEdit={onEdit} onDelete={onDelete} />
              </Group>
              <PermissionBadges permissions={permissionsOf(apiKey)} size="xs" />
              <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
                <CardField label={t('apiKeys.columns.basePath')}>
                  <Code fz="xs" w="fit-content">
                    {apiKey.basic_path}
                  </Code>
                </CardField>
                <CardField label={t('apiKeys.columns.expires')}>
                  <Expiry apiKey={apiKey} />
                </CardField>
                <CardField label={t('apiKeys.columns.lastUsed')}>
                  <LastUsed apiKey={apiKey} />
                </CardField>
                <CardField label={t('apiKeys.columns.created')}>
                  <Text size="sm">{formatDate(apiKey.created_at, i18n.language)}</Text>
                </CardField>
              </SimpleGrid>
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <Card p={0} data-testid="api-key-list">
      <Table.ScrollContainer minWidth={900}>
        <Table
          verticalSpacing="sm"
          horizontalSpacing="sm"
          highlightOnHover
          styles={{ th: { whiteSpace: 'nowrap' } }}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th pl="md">{t('apiKeys.columns.name')}</Table.Th>
              <Table.Th>{t('apiKeys.columns.key')}</Table.Th>
              <Table.Th>{t('apiKeys.columns.permissions')}</Table.Th>
              <Table.Th>{t('apiKeys.columns.basePath')}</Table.Th>
              <Table.Th>{t('apiKeys.columns.expires')}</Table.Th>
              <Table.Th>{t('apiKeys.columns.lastUsed')}</Table.Th>
              <Table.Th>{t('apiKeys.columns.created')}</Table.Th>
              <Table.Th ta="right" pr="md">
                {t('apiKeys.columns.actions')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {keys.map((apiKey) => (
              <Table.Tr key={apiKey.id} data-testid="api-key-row" data-key-name={apiKey.name}>
                <Table.Td maw={200} pl="md">
                  <Text fw={600} size="sm" truncate="end">
                    {apiKey.name}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <KeyPrefix apiKey={apiKey} />
                </Table.Td>
                <Table.Td>
                  <PermissionBadges permissions={permissionsOf(apiKey)} size="xs" wrap="nowrap" />
                </Table.Td>
                <Table.Td>
                  <Code fz="xs">{apiKey.basic_path}</Code>
                </Table.Td>
                <Table.Td>
                  <Expiry apiKey={apiKey} />
                </Table.Td>
                <Table.Td>
                  <LastUsed apiKey={apiKey} />
                </Table.Td>
                <Table.Td>
                  <Tooltip label={formatDateTime(apiKey.created_at, i18n.language)}>
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }} w="fit-content">
                      {formatDate(apiKey.created_at, i18n.language)}
                    </Text>
                  </Tooltip>
                </Table.Td>
                <Table.Td pr="md">
                  <Actions apiKey={apiKey} onEdit={onEdit} onDelete={onDelete} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
