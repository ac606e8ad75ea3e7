import { Menu } from '@mantine/core';
import type { FsEntry } from '@sharebin/shared';
import {
  IconBasketPlus,
  IconCopy,
  IconDots,
  IconDownload,
  IconEdit,
  IconEye,
  IconFileArrowRight,
  IconFolderOpen,
  IconInbox,
  IconLink,
  IconPackageExport,
  IconPencil,
  IconShare,
  IconTrash,
} from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toPrincipal, useAuth } from '../../auth';
import { useEntryActions } from '../explorer.actions-context';
import {
  canRequestFilesInto,
  canWriteSomewhere,
  isArchive,
  isEditable,
  isEntryWritable,
} from '../explorer.format';
import classes from './explorer.module.css';

interface EntryMenuProps {
  entry: FsEntry;
  readOnly: boolean;
}

/**
 * The entry's actions button. Until its first click it is a plain button (no hooks, no
 * Mantine): rows arriving during a fast scroll stay cheap to mount. The menu itself (a
 * popover with its positioning) is built on that click.
 */
export function EntryMenu(props: EntryMenuProps & { t: TFunction }) {
  const [built, setBuilt] = useState(false);
  if (built) return <EntryMenuBuilt entry={props.entry} readOnly={props.readOnly} />;
  return (
    <button
      type="button"
      className={classes.menuButton}
      aria-label={props.t('mountExplorer.entry.actions', { name: props.entry.name })}
      aria-haspopup="menu"
      onClick={(event) => {
        event.stopPropagation();
        setBuilt(true);
      }}
      data-testid="entry-menu"
    >
      <IconDots size={18} />
    </button>
  );
}

/** The actions of one entry; writes are left out where the folder or entry is read only. */
function EntryMenuBuilt({ entry, readOnly }: EntryMenuProps) {
  const { t } = useTranslation();
  const actions = useEntryActions();
  const canCopy = canWriteSomewhere(toPrincipal(useAuth()));
  const writable = isEntryWritable(entry, readOnly);
  const isFile = !entry.is_directory;
  const stop = (event: React.SyntheticEvent) => event.stopPropagation();
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={200} defaultOpened>
      <Menu.Target>
        <button
          type="button"
          className={classes.menuButton}
          aria-label={t('mountExplorer.entry.actions', { name: entry.name })}
          onClick={stop}
          onKeyDown={stop}
          data-testid="entry-menu"
        >
          <IconDots size={18} />
        </button>
      </Menu.Target>
      <Menu.Dropdown onClick={stop}>
        <Menu.Item
          leftSection={isFile ? <IconEye size={16} /> : <IconFolderOpen size={16} />}
          onClick={() => actions.open(entry)}
        >
          {isFile ? t('common.preview') : t('common.open')}
        </Menu.Item>
        {isFile && (
          <>
            <Menu.Item
              leftSection={<IconDownload size={16} />}
              onClick={() => actions.download(entry)}
            >
              {t('common.download')}
            </Menu.Item>
            <Menu.Item leftSection={<IconLink size={16} />} onClick={() => actions.copyLink(entry)}>
              {t('common.copyLink')}
            </Menu.Item>
            {writable && isEditable(entry) && (
              <Menu.Item leftSection={<IconEdit size={16} />} onClick={() => actions.edit(entry)}>
                {t('common.edit')}
              </Menu.Item>
            )}
          </>
        )}
        {!entry.is_virtual && (
          <>
            <Menu.Item leftSection={<IconShare size={16} />} onClick={() => actions.share(entry)}>
              {t('fsShares.explorer.share')}
            </Menu.Item>
            {canRequestFilesInto(entry, readOnly) && (
              <Menu.Item
                leftSection={<IconInbox size={16} />}
                onClick={() => actions.requestFiles(entry)}
              >
                {t('uploadRequests.explorer.requestFiles')}
              </Menu.Item>
            )}
            <Menu.Item
              leftSection={<IconBasketPlus size={16} />}
              onClick={() => actions.addToBasket([entry])}
            >
              {t('mountExplorer.basket.add')}
            </Menu.Item>
            {canCopy && (
              <Menu.Item leftSection={<IconCopy size={16} />} onClick={() => actions.copy([entry])}>
                {t('mountExplorer.actions.copy')}
              </Menu.Item>
            )}
            {canCopy && isArchive(entry) && (
              <Menu.Item
                leftSection={<IconPackageExport size={16} />}
                onClick={() => actions.extract(entry)}
              >
                {t('mountExplorer.actions.extract')}
              </Menu.Item>
            )}
          </>
        )}
        {writable && (
          <>
            <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => actions.rename(entry)}>
              {t('common.rename')}
            </Menu.Item>
            <Menu.Item
              leftSection={<IconFileArrowRight size={16} />}
              onClick={() => actions.move([entry])}
            >
              {t('mountExplorer.actions.move')}
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={() => actions.remove([entry])}
            >
              {t('common.delete')}
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
