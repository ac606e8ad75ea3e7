import {
  ActionIcon,
  Alert,
  Button,
  Drawer,
  Group,
  Paper,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconBasket,
  IconDownload,
  IconFolder,
  IconFolderFilled,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../app/api-client';
import { notifySuccess } from '../../../app/notify';
import { formatBytes } from '../../../shared/format-bytes';
import { fileTypeIcon, previewKind } from '../../files';
import { startZipDownload } from '../basket.download';
import {
  BASKET_WARNING_BYTES,
  type BasketEntry,
  type BasketGroup,
  groupByFolder,
  sizeOf,
} from '../basket.models';
import { basketStore, useBasket } from '../basket.store';

/** A size that may leave folders out: "12 MB + folders" when some are. */
function useSizeLabel() {
  const { t, i18n } = useTranslation();
  return (bytes: number, hasFolders: boolean) => {
    const size = formatBytes(bytes, i18n.language);
    return hasFolders ? t('mountExplorer.basket.plusFolders', { size }) : size;
  };
}

function BasketEntryIcon({ entry }: { entry: BasketEntry }) {
  if (entry.isDirectory)
    return <IconFolderFilled size={18} color="var(--mantine-color-yellow-6)" />;
  const Icon = fileTypeIcon(previewKind('', entry.name), '');
  return <Icon size={18} stroke={1.5} color="var(--mantine-color-dimmed)" />;
}

function EntryLine({ entry }: { entry: BasketEntry }) {
  const { t, i18n } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap" data-testid="basket-entry" data-path={entry.path}>
      <BasketEntryIcon entry={entry} />
      <Text size="sm" truncate="end" style={{ flex: 1, minWidth: 0 }} title={entry.path}>
        {entry.name}
      </Text>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {entry.size === null
          ? t('mountExplorer.basket.folder')
          : formatBytes(entry.size, i18n.language)}
      </Text>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="sm"
        aria-label={t('mountExplorer.basket.remove', { name: entry.name })}
        onClick={() => basketStore.remove(entry.path)}
        data-testid="basket-remove"
      >
        <IconX size={14} />
      </ActionIcon>
    </Group>
  );
}

function GroupCard({ group }: { group: BasketGroup }) {
  const { t } = useTranslation();
  const sizeLabel = useSizeLabel();
  return (
    <Paper withBorder radius="md" p="sm" data-testid="basket-group" data-folder={group.folder}>
      <Group gap="xs" wrap="nowrap" mb={6}>
        <IconFolder size={14} color="var(--mantine-color-dimmed)" style={{ flexShrink: 0 }} />
        <Text
          size="xs"
          fw={600}
          c="dimmed"
          truncate="end"
          style={{ flex: 1, minWidth: 0 }}
          title={group.folder}
        >
          {group.folder}
        </Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {sizeLabel(group.size, group.hasFolders)}
        </Text>
        <ActionIcon
          variant="subtle"
          color="red"
          size="sm"
          aria-label={t('mountExplorer.basket.removeGroup')}
          title={t('mountExplorer.basket.removeGroup')}
          onClick={() => basketStore.removeFolder(group.folder)}
          data-testid="basket-remove-group"
        >
          <IconTrash size={14} />
        </ActionIcon>
      </Group>
      <Stack gap={4}>
        {group.entries.map((entry) => (
          <EntryLine key={entry.path} entry={entry} />
        ))}
      </Stack>
    </Paper>
  );
}

function EmptyBasket() {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="xs" py="xl" data-testid="basket-empty">
      <ThemeIcon size={48} radius="xl" variant="light" color="gray">
        <IconBasket size={26} />
      </ThemeIcon>
      <Text fw={600}>{t('mountExplorer.basket.emptyTitle')}</Text>
      <Text size="sm" c="dimmed" ta="center" maw={320}>
        {t('mountExplorer.basket.emptyBody')}
      </Text>
    </Stack>
  );
}

/** The basket panel: entries by folder with sizes, removal, and the zip download. */
export function BasketDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  const entries = useBasket();
  const sizeLabel = useSizeLabel();
  const [starting, setStarting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const total = sizeOf(entries);
  const hasFolders = entries.some((entry) => entry.isDirectory);

  const download = async () => {
    setStarting(true);
    setFailure(null);
    try {
      await startZipDownload(entries.map((entry) => entry.path));
      notifySuccess(t('mountExplorer.basket.downloadStarted'));
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setStarting(false);
    }
  };

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position={phone ? 'bottom' : 'right'}
      size={phone ? '90%' : 440}
      title={
        <Group gap="xs">
          <IconBasket size={20} />
          <Text fw={600}>{t('mountExplorer.basket.title')}</Text>
        </Group>
      }
      styles={{ body: { display: 'flex', flexDirection: 'column', gap: 12 } }}
      data-testid="basket-drawer"
    >
      {entries.length === 0 ? (
        <EmptyBasket />
      ) : (
        <>
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm" fw={500} data-testid="basket-summary">
              {t('mountExplorer.basket.summary', {
                count: entries.length,
                size: sizeLabel(total, hasFolders),
              })}
            </Text>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              onClick={() => basketStore.clear()}
              data-testid="basket-clear"
            >
              {t('mountExplorer.basket.clear')}
            </Button>
          </Group>
          {total > BASKET_WARNING_BYTES && (
            <Alert
              color="yellow"
              icon={<IconAlertTriangle size={18} />}
              title={t('mountExplorer.basket.largeTitle')}
              data-testid="basket-large-warning"
            >
              {t('mountExplorer.basket.largeBody', {
                limit: formatBytes(BASKET_WARNING_BYTES, i18n.language),
              })}
            </Alert>
          )}
          {failure && (
            <Alert
              color="red"
              title={t('mountExplorer.basket.downloadFailed')}
              withCloseButton
              onClose={() => setFailure(null)}
              data-testid="basket-error"
            >
              {failure}
            </Alert>
          )}
          <Button
            leftSection={<IconDownload size={16} />}
            loading={starting}
            onClick={() => void download()}
            fullWidth
            data-testid="basket-download"
          >
            {t('mountExplorer.basket.download')}
          </Button>
          {hasFolders && (
            <Text size="xs" c="dimmed">
              {t('mountExplorer.basket.foldersNote')}
            </Text>
          )}
          {/* The action stays above the list: a long basket scrolls, the button does not move. */}
          <Stack gap="sm">
            {groupByFolder(entries).map((group) => (
              <GroupCard key={group.folder} group={group} />
            ))}
          </Stack>
        </>
      )}
    </Drawer>
  );
}
