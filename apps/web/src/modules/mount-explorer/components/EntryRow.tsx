import type { FsEntry } from '@sharebin/shared';
import { IconShare } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { type DragEvent, type MouseEvent, memo, type ReactNode } from 'react';
import type { DropHint } from '../explorer.drop';
import { formatModified, formatSize } from '../explorer.format';
import { type DropTargetHandlers, dropTargetProps } from '../use-entry-drag';
import { EntryIcon } from './EntryIcon';
import { EntryMenu } from './EntryMenu';
import classes from './explorer.module.css';

/**
 * Rows mount by the dozen on every frame of a fast scroll, so they are plain elements with
 * no hooks of their own: the collection hands them the translation and language, and
 * everything else is a primitive prop (memo skips the rows that stay).
 */
export interface EntryItemProps {
  entry: FsEntry;
  index: number;
  selected: boolean;
  active: boolean;
  readOnly: boolean;
  /** A live share points at the entry. */
  shared: boolean;
  t: TFunction;
  language: string;
  onActivate: (entry: FsEntry, index: number, event: MouseEvent) => void;
  onCheck: (entry: FsEntry, index: number, shiftKey: boolean) => void;
  /** Opens the context menu (a right click) of the entry, or of the selection it is in. */
  onContextMenu: (entry: FsEntry, index: number, event: MouseEvent) => void;
  drag: RowDrag;
  /** What a drop here would do, while a drag of entries hovers the row. */
  dropHint: DropHint | undefined;
}

/** Dragging rows, and dropping on folder rows: the same handlers for every row. */
export interface RowDrag {
  start: (entry: FsEntry, event: DragEvent) => void;
  end: () => void;
  target: DropTargetHandlers;
}

/**
 * A row drags the entry (or the selection it is in); a folder's row (a mount's at the root)
 * takes drops. Virtual folders are neither.
 */
function dragProps({ entry, index, drag, dropHint, onContextMenu }: EntryItemProps) {
  const takesDrops = entry.is_directory && !entry.is_virtual;
  return {
    draggable: !entry.is_virtual,
    onDragStart: (event: DragEvent) => drag.start(entry, event),
    onDragEnd: drag.end,
    ...(takesDrops ? dropTargetProps(drag.target, entry.path) : {}),
    onContextMenu: (event: MouseEvent) => onContextMenu(entry, index, event),
    'data-drop': dropHint,
  };
}

/**
 * What kind of folder it is, or a file's size and date: under the name on phones (where the
 * columns are hidden) and in tiles (`brief`: the size only, the date does not fit).
 */
function entryFacts(entry: FsEntry, t: TFunction, language: string, brief: boolean): string {
  if (entry.is_directory) {
    if (entry.is_mount && !entry.is_virtual) return t('mountExplorer.entry.mount');
    return entry.is_virtual ? t('mountExplorer.entry.virtual') : t('mountExplorer.entry.folder');
  }
  if (brief) return formatSize(entry, language);
  return [formatSize(entry, language), formatModified(entry.modified, language)]
    .filter(Boolean)
    .join(' · ');
}

/** Selects the entry; shift extends from the last one clicked. */
function EntryCheckbox({
  entry,
  index,
  selected,
  t,
  onCheck,
  className,
}: Pick<EntryItemProps, 'entry' | 'index' | 'selected' | 't' | 'onCheck'> & {
  className?: string;
}) {
  return (
    <input
      type="checkbox"
      className={className}
      checked={selected}
      tabIndex={-1}
      aria-label={t('common.selectItem', { name: entry.name })}
      onClick={(event) => {
        event.stopPropagation();
        onCheck(entry, index, event.shiftKey);
      }}
      onChange={() => undefined}
    />
  );
}

/** Marks an entry a live share points at (a plain icon: rows stay cheap to mount). */
function SharedMark({ t }: { t: TFunction }) {
  const label = t('fsShares.explorer.shared');
  return (
    <span className={classes.sharedMark} title={label} data-testid="shared-badge">
      <IconShare size={14} stroke={1.8} aria-label={label} role="img" />
    </span>
  );
}

/** A cell of a list row: an ARIA grid row holds cells only. */
function Cell({ className, children }: { className: string | undefined; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y: a cell of the virtual grid; the grid takes the keyboard (aria-activedescendant)
    <div role="gridcell" className={className}>
      {children}
    </div>
  );
}

/** One entry of the list view, placed by the virtual list at `top`. */
export const EntryRow = memo(function EntryRow({
  top,
  height,
  ...item
}: EntryItemProps & { top: number; height: number }) {
  const { entry, index, selected, active, t, language, onActivate } = item;
  return (
    // biome-ignore lint/a11y: a row of the virtual grid; the grid takes the keyboard (aria-activedescendant)
    <div
      role="row"
      id={`entry-${index}`}
      aria-rowindex={index + 2}
      aria-selected={selected}
      className={classes.row}
      // Numbers, not a style object, so that a scroll re-renders only the rows that arrive.
      style={{ height, transform: `translateY(${top}px)` }}
      data-selected={selected || undefined}
      data-active={active || undefined}
      data-testid="entry-row"
      data-name={entry.name}
      onClick={(event) => onActivate(entry, index, event)}
      {...dragProps(item)}
    >
      <Cell className={classes.cell}>
        <EntryCheckbox {...item} className={classes.check} />
      </Cell>
      <Cell className={classes.name}>
        <EntryIcon entry={entry} size={22} thumbnails />
        <div className={classes.nameLines}>
          <div className={classes.nameLine}>
            <div className={classes.nameText} title={entry.name}>
              {entry.name}
            </div>
            {item.shared && <SharedMark t={t} />}
          </div>
          <div className={classes.phoneFacts}>{entryFacts(entry, t, language, false)}</div>
        </div>
      </Cell>
      <Cell className={classes.numeric}>{formatSize(entry, language)}</Cell>
      <Cell className={classes.numeric}>{formatModified(entry.modified, language)}</Cell>
      <Cell className={classes.cell}>
        <EntryMenu entry={entry} readOnly={item.readOnly} t={t} />
      </Cell>
    </div>
  );
});

/** One entry of the grid view. */
export const EntryTile = memo(function EntryTile(item: EntryItemProps) {
  const { entry, index, selected, active, t, language, onActivate } = item;
  return (
    // biome-ignore lint/a11y: a cell of the virtual grid; the grid takes the keyboard (aria-activedescendant)
    <div
      role="gridcell"
      id={`entry-${index}`}
      aria-selected={selected}
      className={classes.tile}
      data-selected={selected || undefined}
      data-active={active || undefined}
      data-testid="entry-row"
      data-name={entry.name}
      onClick={(event) => onActivate(entry, index, event)}
      title={entry.name}
      {...dragProps(item)}
    >
      <EntryCheckbox {...item} className={`${classes.check} ${classes.tileCheck}`} />
      <div className={classes.tileMenu}>
        <EntryMenu entry={entry} readOnly={item.readOnly} t={t} />
      </div>
      <EntryIcon entry={entry} size={48} thumbnails />
      {item.shared && (
        <div className={classes.tileShared}>
          <SharedMark t={t} />
        </div>
      )}
      <div className={classes.tileName}>{entry.name}</div>
      <div className={classes.subline}>{entryFacts(entry, t, language, true)}</div>
    </div>
  );
});
