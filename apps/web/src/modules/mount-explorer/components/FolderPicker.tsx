import {
  ActionIcon,
  Center,
  Group,
  Loader,
  NavLink,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconArrowUp, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../app/api-client';
import { useListing } from '../explorer.hooks';
import { parentPath } from '../explorer.paths';
import { Breadcrumbs } from './Breadcrumbs';
import { EntryIcon } from './EntryIcon';
import classes from './explorer.module.css';

/** Browses folders only, one level at a time, for choosing where to move, copy or extract. */
export function FolderPicker({
  path,
  onChange,
  exclude,
  listHeight = 260,
}: {
  path: string;
  onChange: (path: string) => void;
  /** Folders that cannot be entered (the ones being moved). */
  exclude: ReadonlySet<string>;
  /** Pixels the folder list takes: less in a dialog that asks more below it. */
  listHeight?: number;
}) {
  const { t } = useTranslation();
  const listing = useListing(path);
  const folders = (listing.data?.items ?? []).filter(
    (entry) => entry.is_directory && !exclude.has(entry.path),
  );
  return (
    <Stack gap="xs">
      <Group gap="xs" wrap="nowrap">
        <Tooltip label={t('mountExplorer.transfer.up')}>
          <ActionIcon
            variant="default"
            disabled={path === '/'}
            onClick={() => onChange(parentPath(path))}
            aria-label={t('mountExplorer.transfer.up')}
          >
            <IconArrowUp size={16} />
          </ActionIcon>
        </Tooltip>
        <Breadcrumbs path={path} onNavigate={onChange} />
      </Group>
      <ScrollArea h={listHeight} className={classes.pickerList} data-testid="folder-picker">
        {listing.isPending ? (
          <Center h={listHeight - 20}>
            <Loader size="sm" type="dots" />
          </Center>
        ) : listing.isError ? (
          <Text size="sm" c="red" p="sm">
            {errorMessage(listing.error)}
          </Text>
        ) : folders.length === 0 ? (
          <Text size="sm" c="dimmed" p="sm">
            {t('mountExplorer.transfer.noSubfolders')}
          </Text>
        ) : (
          folders.map((folder) => (
            <NavLink
              key={folder.path}
              label={folder.name}
              leftSection={<EntryIcon entry={folder} size={18} />}
              rightSection={<IconChevronRight size={14} />}
              onClick={() => onChange(folder.path)}
              data-testid="picker-folder"
            />
          ))
        )}
      </ScrollArea>
      {listing.data?.read_only && (
        <Text size="xs" c="orange">
          {t('mountExplorer.transfer.readOnlyTarget')}
        </Text>
      )}
    </Stack>
  );
}

/** Whether the picked folder can take the items: listed and writable. */
export function useTargetWritable(path: string): boolean {
  const listing = useListing(path);
  return listing.isSuccess && !listing.data.read_only;
}
