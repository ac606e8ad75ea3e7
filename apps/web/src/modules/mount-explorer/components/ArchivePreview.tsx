import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  ScrollArea,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import type { FsArchiveEntry, FsEntry } from '@sharebin/shared';
import { IconDownload, IconFile, IconFolderFilled, IconPackageExport } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiBlob, errorMessage } from '../../../app/api-client';
import { downloadBlob } from '../../../app/download';
import { formatDateTime } from '../../../app/format';
import { notifyError } from '../../../app/notify';
import { formatBytes } from '../../../shared/format-bytes';
import { toPrincipal, useAuth } from '../../auth';
import { useEntryActions } from '../explorer.actions-context';
import { canWriteSomewhere } from '../explorer.format';
import { FS_QUERY_ROOT } from '../explorer.hooks';
import { fsApi, fsBase } from '../fs.api';

/** Rows drawn at once: a listing of 10,000 entries shows its first ones and says so. */
const SHOWN = 500;

/**
 * What is inside a zip or tar, listed by the server without extracting it; a file can be taken
 * out, or the whole archive extracted by whoever may write somewhere (not a read-only key).
 */
export function ArchivePreview({ entry }: { entry: FsEntry }) {
  const { t, i18n } = useTranslation();
  const actions = useEntryActions();
  const canExtract = canWriteSomewhere(toPrincipal(useAuth()));
  const listing = useQuery({
    queryKey: [FS_QUERY_ROOT, 'archive', entry.path, entry.etag ?? entry.modified],
    queryFn: () => fsApi.archive(entry.path),
    retry: false,
  });

  async function takeOut(item: FsArchiveEntry) {
    const name = item.name.slice(item.name.lastIndexOf('/') + 1);
    const blob = await apiBlob(`${fsBase()}/archive/entry`, {
      query: { path: entry.path, entry: item.name, download: 1 },
    }).catch(() => null);
    if (blob) downloadBlob(blob, name);
    else notifyError(t('mountExplorer.archive.downloadFailed', { name }));
  }

  if (listing.isPending) {
    return (
      <Center py="xl">
        <Loader type="dots" />
      </Center>
    );
  }
  if (listing.isError) {
    return (
      <Alert color="red" title={t('mountExplorer.archive.failed')}>
        {errorMessage(listing.error)}
      </Alert>
    );
  }
  const { entries, truncated } = listing.data;
  if (entries.length === 0) return <Text c="dimmed">{t('mountExplorer.archive.empty')}</Text>;
  return (
    <div data-testid="archive-preview">
      <Group justify="space-between" gap="xs" mb="xs">
        <Text size="sm" fw={600}>
          {t('mountExplorer.archive.title')} ·{' '}
          {t('mountExplorer.archive.count', { count: entries.length })}
        </Text>
        {canExtract && (
          <Button
            size="xs"
            leftSection={<IconPackageExport size={14} />}
            onClick={() => actions.extract(entry)}
            data-testid="archive-extract"
          >
            {t('mountExplorer.actions.extract')}
          </Button>
        )}
      </Group>
      {(truncated || entries.length > SHOWN) && (
        <Text size="xs" c="dimmed" mb="xs">
          {t('mountExplorer.archive.truncated', { count: Math.min(entries.length, SHOWN) })}
        </Text>
      )}
      <ScrollArea.Autosize mah="60vh">
        <Table striped highlightOnHover verticalSpacing={4}>
          <Table.Tbody>
            {entries.slice(0, SHOWN).map((item) => (
              <Table.Tr key={item.name} data-testid="archive-entry" data-name={item.name}>
                <Table.Td w={28}>
                  {item.is_directory ? (
                    <IconFolderFilled size={16} color="var(--mantine-color-yellow-6)" />
                  ) : (
                    <IconFile size={16} color="var(--mantine-color-dimmed)" />
                  )}
                </Table.Td>
                <Table.Td style={{ wordBreak: 'break-all' }}>
                  <Text size="sm">{item.name}</Text>
                </Table.Td>
                <Table.Td>
                  {item.unsafe && (
                    <Tooltip label={t('mountExplorer.archive.unsafeHint')} multiline w={240}>
                      <Badge color="red" variant="light" size="sm">
                        {t('mountExplorer.archive.unsafe')}
                      </Badge>
                    </Tooltip>
                  )}
                </Table.Td>
                <Table.Td ta="end" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  <Text size="xs">
                    {item.is_directory ? '' : formatBytes(item.size, i18n.language)}
                  </Text>
                </Table.Td>
                <Table.Td c="dimmed" style={{ whiteSpace: 'nowrap' }} visibleFrom="sm">
                  <Text size="xs">
                    {item.modified ? formatDateTime(item.modified, i18n.language) : ''}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {!item.is_directory && !item.unsafe && (
                    <ActionIcon
                      variant="subtle"
                      size="sm"
                      aria-label={t('mountExplorer.archive.download', { name: item.name })}
                      onClick={() => void takeOut(item)}
                    >
                      <IconDownload size={14} />
                    </ActionIcon>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </div>
  );
}
