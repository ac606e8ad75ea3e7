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
import { Fragment, useEffect, useState } from 'react';
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
  // Escape closes the menu wherever the focus is: the menu takes the focus only once it has
  // appeared, and an Escape pressed before that would otherwise reach the list (and leave the
  // menu open).
  useEffect(() => {
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      onClose();
    };
    window.addEventListener('keydown', closeOnEscape, true);
    return () => window.removeEventListener('keydown', closeOnEscape, true);
  }, [onClose]);
  return (
    <Menu
      opened
      onClose={onClose}
      // Not `keydown`: the key that opens the menu would count as a click outside and close it.
      clickOutsideEvents={['mousedown', 'touchstart']}
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
  Icon: typeof IconEye;
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
  const file = single && isFile;
  const editable = file && writable && isEditable(entry);
  const requestable = single && real && canRequestFilesInto(entry, readOnly);
  const copyable = real && canCopy;
  const extractable = single && canCopy && isArchive(entry);
  const requestFiles = () => actions.requestFiles(entry);
  const addToBasket = () => actions.addToBasket(entries);
  const extract = () => actions.extract(entry);
  const move = () => actions.move(entries);
  const action = (label: string, Icon: MenuAction['Icon'], run: () => void): MenuAction => ({
    label,
    Icon,
    run,
  });
  const items: (MenuAction | false)[] = [
    single &&
      action(
        isFile ? t('common.preview') : t('common.open'),
        isFile ? IconEye : IconFolderOpen,
        () => actions.open(entry),
      ),
    file && action(t('common.download'), IconDownload, () => actions.download(entry)),
    file && action(t('common.copyLink'), IconLink, () => actions.copyLink(entry)),
    editable && action(t('common.edit'), IconEdit, () => actions.edit(entry)),
    single && real && action(t('fsShares.explorer.share'), IconShare, () => actions.share(entry)),
    requestable && action(t('uploadRequests.explorer.requestFiles'), IconInbox, requestFiles),
    real && action(t('mountExplorer.basket.add'), IconBasketPlus, addToBasket),
    copyable && action(t('mountExplorer.actions.copy'), IconCopy, () => actions.copy(entries)),
    extractable && action(t('mountExplorer.actions.extract'), IconPackageExport, extract),
    single && writable && action(t('common.rename'), IconPencil, () => actions.rename(entry)),
    writable && action(t('mountExplorer.actions.move'), IconFileArrowRight, move),
    writable && {
      ...action(t('common.delete'), IconTrash, () => actions.remove(entries)),
      danger: true,
    },
  ];
  return items
    .filter((item): item is MenuAction => Boolean(item))
    .map(({ label, Icon, run, danger }) => (
      <Fragment key={label}>
        {danger && <Menu.Divider />}
        <Menu.Item
          color={danger ? 'red' : undefined}
          className={danger ? classes.dangerItem : undefined}
          leftSection={<Icon size={16} />}
          onClick={run}
        >
          {label}
        </Menu.Item>
      </Fragment>
    ));
}
