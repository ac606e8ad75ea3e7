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
import { Fragment, type ReactNode, useState } from 'react';
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
        <EntryMenuItems entries={[entry]} readOnly={readOnly} />
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * The context menu (a right click, Shift+F10 or the menu key) of an entry or of the selection:
 * the row menu's actions, opened at the pointer (or under the row focused).
 */
export function EntryContextMenu({
  entries,
  readOnly,
  at,
  onClose,
}: {
  entries: FsEntry[];
  readOnly: boolean;
  at: { x: number; y: number };
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [first] = entries;
  return (
    <Menu
      opened
      onChange={(opened) => !opened && onClose()}
      position="bottom-start"
      offset={2}
      withinPortal
      shadow="md"
      width={220}
    >
      <Menu.Target>
        {/* The menu is named by its target (aria-labelledby): the words are for that only. */}
        <span className={classes.contextAnchor} style={{ left: at.x, top: at.y }} aria-hidden>
          {entries.length === 1 && first
            ? t('mountExplorer.entry.actions', { name: first.name })
            : t('mountExplorer.entry.selectionActions', { count: entries.length })}
        </span>
      </Menu.Target>
      <Menu.Dropdown data-testid="entry-context-menu">
        <EntryMenuItems entries={entries} readOnly={readOnly} />
      </Menu.Dropdown>
    </Menu>
  );
}

interface MenuAction {
  label: string;
  icon: ReactNode;
  run: () => void;
  danger?: boolean;
}

/**
 * The actions on `entries`, for the row menu and the context menu alike: all of them for one
 * entry, those that take many for a selection. Writes are left out where the folder or an
 * entry is read only.
 */
function EntryMenuItems({ entries, readOnly }: { entries: FsEntry[]; readOnly: boolean }) {
  const { t } = useTranslation();
  const actions = useEntryActions();
  const canCopy = canWriteSomewhere(toPrincipal(useAuth()));
  const [entry] = entries;
  if (!entry) return null;
  const single = entries.length === 1;
  const writable = entries.every((each) => isEntryWritable(each, readOnly));
  const real = entries.every((each) => !each.is_virtual);
  const isFile = !entry.is_directory;
  const one: (MenuAction | false)[] = single
    ? [
        {
          label: isFile ? t('common.preview') : t('common.open'),
          icon: isFile ? <IconEye size={16} /> : <IconFolderOpen size={16} />,
          run: () => actions.open(entry),
        },
        isFile && {
          label: t('common.download'),
          icon: <IconDownload size={16} />,
          run: () => actions.download(entry),
        },
        isFile && {
          label: t('common.copyLink'),
          icon: <IconLink size={16} />,
          run: () => actions.copyLink(entry),
        },
        isFile &&
          writable &&
          isEditable(entry) && {
            label: t('common.edit'),
            icon: <IconEdit size={16} />,
            run: () => actions.edit(entry),
          },
        real && {
          label: t('fsShares.explorer.share'),
          icon: <IconShare size={16} />,
          run: () => actions.share(entry),
        },
        real &&
          canRequestFilesInto(entry, readOnly) && {
            label: t('uploadRequests.explorer.requestFiles'),
            icon: <IconInbox size={16} />,
            run: () => actions.requestFiles(entry),
          },
      ]
    : [];
  const items = [
    ...one,
    real && {
      label: t('mountExplorer.basket.add'),
      icon: <IconBasketPlus size={16} />,
      run: () => actions.addToBasket(entries),
    },
    real &&
      canCopy && {
        label: t('mountExplorer.actions.copy'),
        icon: <IconCopy size={16} />,
        run: () => actions.copy(entries),
      },
    single &&
      canCopy &&
      isArchive(entry) && {
        label: t('mountExplorer.actions.extract'),
        icon: <IconPackageExport size={16} />,
        run: () => actions.extract(entry),
      },
    single &&
      writable && {
        label: t('common.rename'),
        icon: <IconPencil size={16} />,
        run: () => actions.rename(entry),
      },
    writable && {
      label: t('mountExplorer.actions.move'),
      icon: <IconFileArrowRight size={16} />,
      run: () => actions.move(entries),
    },
    writable && {
      label: t('common.delete'),
      icon: <IconTrash size={16} />,
      run: () => actions.remove(entries),
      danger: true,
    },
  ].filter((item): item is MenuAction => Boolean(item));
  return items.map((item) => (
    <Fragment key={item.label}>
      {item.danger && <Menu.Divider />}
      <Menu.Item color={item.danger ? 'red' : undefined} leftSection={item.icon} onClick={item.run}>
        {item.label}
      </Menu.Item>
    </Fragment>
  ));
}
