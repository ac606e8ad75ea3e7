import {
  ActionIcon,
  Anchor,
  Box,
  Card,
  Checkbox,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { FileShare } from '@sharebin/shared';
import {
  IconExternalLink,
  IconEye,
  IconKey,
  IconPencil,
  IconShieldCheck,
  IconTrash,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatRelative } from '../../../app/format';
import { PasswordBadge } from '../../pastes/components/PasteBadges';
import { formatBytes, parseCreator } from '../../pastes/paste-management.utils';
import { FileExpiry, FileTypeIcon, FileViews, UploadingBadge } from './FileBadges';

export interface FileManagementListProps {
  files: readonly FileShare[];
  selected: ReadonlySet<string>;
  onToggle: (id: string, checked: boolean) => void;
  onToggleAll: (checked: boolean) => void;
  onPreview: (file: FileShare) => void;
  onEdit: (file: FileShare) => void;
  onDelete: (file: FileShare) => void;
  /** Storage names by id; a storage the user cannot see shows as unknown. */
  storageNames: ReadonlyMap<string, string>;
  /** The admin sees who uploaded each file; null hides the column. */
  keyNames: ReadonlyMap<string, string> | null;
}

type RowActions = Pick<FileManagementListProps, 'onPreview' | 'onEdit' | 'onDelete'>;

/** The share link, opening the file page in a new tab. */
function SlugLink({ slug }: { slug: string }) {
  const { t } = useTranslation();
  return (
    <Tooltip label={t('fileManagement.openInNewTab')}>
      <Anchor
        href={`/file/${encodeURIComponent(slug)}`}
        target="_blank"
        rel="noopener noreferrer"
        size="sm"
        fw={600}
        ff="monospace"
        w="fit-content"
        maw="100%"
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4, minWidth: 0 }}
        data-testid="file-link"
      >
        <Text span inherit truncate="end">
          {slug}
        </Text>
        <IconExternalLink size={13} stroke={1.8} style={{ flexShrink: 0 }} />
      </Anchor>
    </Tooltip>
  );
}

function ShareBadges({ file }: { file: FileShare }) {
  if (!file.has_password && file.status === 'live') return null;
  return (
    <Group gap={4} wrap="nowrap">
      {file.has_password && <PasswordBadge />}
      {file.status === 'uploading' && <UploadingBadge />}
    </Group>
  );
}

/** The type icon, the file name and the remark under it. */
function FileName({ file }: { file: FileShare }) {
  return (
    <Group gap="sm" wrap="nowrap" miw={0} align="flex-start">
      <FileTypeIcon mimetype={file.mimetype} />
      <Stack gap={2} miw={0}>
        <Tooltip label={file.filename} openDelay={400}>
          <Text
            size="sm"
            fw={500}
            lineClamp={2}
            style={{ wordBreak: 'break-word' }}
            data-testid="file-name"
          >
            {file.filename}
          </Text>
        </Tooltip>
        {file.remark && (
          <Text size="xs" c="dimmed" lineClamp={1} data-testid="file-remark">
            {file.remark}
          </Text>
        )}
      </Stack>
    </Group>
  );
}

function MediaType({ mimetype }: { mimetype: string }) {
  return (
    <Tooltip label={mimetype} openDelay={400}>
      <Text size="xs" c="dimmed" ff="monospace" truncate="end" maw={140} data-testid="file-type">
        {mimetype}
      </Text>
    </Tooltip>
  );
}

function StorageName({
  id,
  storageNames,
}: {
  id: string;
  storageNames: ReadonlyMap<string, string>;
}) {
  const { t } = useTranslation();
  const name = storageNames.get(id);
  return (
    <Text
      size="sm"
      c={name ? undefined : 'dimmed'}
      truncate="end"
      maw={160}
      data-testid="file-storage"
    >
      {name ?? t('fileManagement.unknownStorage')}
    </Text>
  );
}

function Creator({
  createdBy,
  keyNames,
}: {
  createdBy: string;
  keyNames: ReadonlyMap<string, string>;
}) {
  const { t } = useTranslation();
  const creator = parseCreator(createdBy);
  const admin = creator.type === 'admin';
  const name = admin ? t('auth.administrator') : keyNames.get(creator.id);
  const Icon = admin ? IconShieldCheck : IconKey;
  const label = (
    <Group gap={6} wrap="nowrap" w="fit-content" data-testid="file-creator">
      <ThemeIcon size={22} radius="xl" variant="light" color={admin ? 'indigo' : 'teal'}>
        <Icon size={13} stroke={1.8} />
      </ThemeIcon>
      <Text size="sm" maw={140} truncate="end" c={name ? undefined : 'dimmed'}>
        {name ?? t('fileManagement.deletedKey')}
      </Text>
    </Group>
  );
  if (admin || !name) {
    return label;
  }
  return <Tooltip label={t('fileManagement.createdByKey', { name })}>{label}</Tooltip>;
}

function Created({ iso }: { iso: string }) {
  const { i18n } = useTranslation();
  return (
    <Tooltip label={formatDateTime(iso, i18n.language)}>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }} w="fit-content">
        {formatRelative(iso, i18n.language)}
      </Text>
    </Tooltip>
  );
}

function Actions({ file, onPreview, onEdit, onDelete }: { file: FileShare } & RowActions) {
  const { t } = useTranslation();
  return (
    <Group gap={2} wrap="nowrap" justify="flex-end">
      <Tooltip label={t('fileManagement.preview')}>
        <ActionIcon
          variant="subtle"
          color="gray"
          onClick={() => onPreview(file)}
          aria-label={`${t('fileManagement.preview')} ${file.slug}`}
        >
          <IconEye size={17} stroke={1.7} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('fileManagement.edit')}>
        <ActionIcon
          variant="subtle"
          color="gray"
          onClick={() => onEdit(file)}
          aria-label={`${t('fileManagement.edit')} ${file.slug}`}
        >
          <IconPencil size={17} stroke={1.7} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('fileManagement.delete')}>
        <ActionIcon
          variant="subtle"
          color="red"
          onClick={() => onDelete(file)}
          aria-label={`${t('fileManagement.delete')} ${file.slug}`}
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
export function FileManagementList({
  files,
  selected,
  onToggle,
  onToggleAll,
  storageNames,
  keyNames,
  ...actions
}: FileManagementListProps) {
  const { t, i18n } = useTranslation();
  const wide = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });
  const selectedHere = files.filter((file) => selected.has(file.id)).length;
  const allSelected = files.length > 0 && selectedHere === files.length;
  const someSelected = selectedHere > 0 && !allSelected;

  const selectAll = (
    <Checkbox
      checked={allSelected}
      indeterminate={someSelected}
      onChange={(event) => onToggleAll(event.currentTarget.checked)}
      aria-label={t('fileManagement.selectAll')}
      data-testid="select-all"
    />
  );

  const rowCheckbox = (file: FileShare) => (
    <Checkbox
      checked={selected.has(file.id)}
      onChange={(event) => onToggle(file.id, event.currentTarget.checked)}
      aria-label={t('fileManagement.selectFile', { slug: file.slug })}
    />
  );

  if (!wide) {
    return (
      <Stack gap="sm" data-testid="file-list">
        <Group gap="sm" px="md">
          {selectAll}
          <Text size="sm" c="dimmed">
            {t('fileManagement.selectAll')}
          </Text>
        </Group>
        {files.map((file) => (
          <Card
            key={file.id}
            p="md"
            data-testid="file-row"
            data-slug={file.slug}
            data-selected={selected.has(file.id) || undefined}
            style={
              selected.has(file.id)
                ? { borderColor: 'var(--mantine-primary-color-filled)' }
                : undefined
            }
          >
            <Stack gap="sm">
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                <Group gap="sm" wrap="nowrap" align="flex-start" miw={0}>
                  <Box pt={6}>{rowCheckbox(file)}</Box>
                  <FileName file={file} />
                </Group>
                <Actions file={file} {...actions} />
              </Group>
              <Group gap="xs" wrap="wrap" miw={0}>
                <SlugLink slug={file.slug} />
                <ShareBadges file={file} />
              </Group>
              <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
                <CardField label={t('fileManagement.columns.size')}>
                  <Text size="sm">{formatBytes(file.size, i18n.language)}</Text>
                </CardField>
                <CardField label={t('fileManagement.columns.type')}>
                  <MediaType mimetype={file.mimetype} />
                </CardField>
                <CardField label={t('fileManagement.columns.expires')}>
                  <FileExpiry file={file} />
                </CardField>
                <CardField label={t('fileManagement.columns.views')}>
                  <FileViews file={file} />
                </CardField>
                <CardField label={t('fileManagement.columns.storage')}>
                  <StorageName id={file.s3_config_id} storageNames={storageNames} />
                </CardField>
                <CardField label={t('fileManagement.columns.created')}>
                  <Created iso={file.created_at} />
                </CardField>
                {keyNames && (
                  <CardField label={t('fileManagement.columns.creator')}>
                    <Box>
                      <Creator createdBy={file.created_by} keyNames={keyNames} />
                    </Box>
                  </CardField>
                )}
              </SimpleGrid>
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <Card p={0} data-testid="file-list">
      {/* The uploader shares the upload time's column: all of it fits beside the console's
          navigation from 1366 px up. */}
      <Table.ScrollContainer minWidth={940}>
        <Table
          verticalSpacing="sm"
          horizontalSpacing="sm"
          highlightOnHover
          styles={{ th: { whiteSpace: 'nowrap' } }}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th pl="md" w={44}>
                {selectAll}
              </Table.Th>
              <Table.Th>{t('fileManagement.columns.file')}</Table.Th>
              <Table.Th>{t('fileManagement.columns.link')}</Table.Th>
              <Table.Th>{t('fileManagement.columns.sizeAndType')}</Table.Th>
              <Table.Th>{t('fileManagement.columns.storage')}</Table.Th>
              <Table.Th>{t('fileManagement.columns.expires')}</Table.Th>
              <Table.Th>{t('fileManagement.columns.views')}</Table.Th>
              <Table.Th>{t('fileManagement.columns.created')}</Table.Th>
              <Table.Th ta="right" pr="md">
                {t('fileManagement.columns.actions')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {files.map((file) => (
              <Table.Tr
                key={file.id}
                data-testid="file-row"
                data-slug={file.slug}
                bg={selected.has(file.id) ? 'var(--mantine-primary-color-light)' : undefined}
              >
                <Table.Td pl="md">{rowCheckbox(file)}</Table.Td>
                <Table.Td miw={180} maw={260}>
                  <FileName file={file} />
                </Table.Td>
                <Table.Td maw={200}>
                  <Stack gap={6} miw={0}>
                    <SlugLink slug={file.slug} />
                    <ShareBadges file={file} />
                  </Stack>
                </Table.Td>
                <Table.Td maw={160}>
                  <Stack gap={2} miw={0}>
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }} data-testid="file-size">
                      {formatBytes(file.size, i18n.language)}
                    </Text>
                    <MediaType mimetype={file.mimetype} />
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <StorageName id={file.s3_config_id} storageNames={storageNames} />
                </Table.Td>
                <Table.Td>
                  <FileExpiry file={file} />
                </Table.Td>
                <Table.Td>
                  <FileViews file={file} />
                </Table.Td>
                <Table.Td>
                  <Stack gap={6}>
                    <Created iso={file.created_at} />
                    {keyNames && <Creator createdBy={file.created_by} keyNames={keyNames} />}
                  </Stack>
                </Table.Td>
                <Table.Td pr="md">
                  <Actions file={file} {...actions} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
