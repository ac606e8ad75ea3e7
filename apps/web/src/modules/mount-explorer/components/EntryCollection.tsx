import { useElementSize, useMediaQuery } from '@mantine/hooks';
import type { FsEntry } from '@sharebin/shared';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  type DragEvent,
  type KeyboardEvent,
  type MouseEvent,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { RangeSelectionState } from '../../management';
import { useEntryActions } from '../explorer.actions-context';
import { isEntryWritable } from '../explorer.format';
import type { ViewMode } from '../explorer.hooks';
import type { SortKey, SortOrder } from '../explorer.sort';
import type { EntryDrag } from '../use-entry-drag';
import { EntryContextMenu } from './EntryMenu';
import { EntryRow, EntryTile, type RowDrag } from './EntryRow';
import classes from './explorer.module.css';
import { ListHeader } from './ListHeader';

const TILE_WIDTH = 150;
const TILE_GAP = 10;
const TILE_ROW_HEIGHT = 150;

/**
 * The folder's entries in a virtual list (or grid): only the rows in view and a few around
 * them are in the page, so ten thousand entries scroll as smoothly as ten. The pane takes the
 * keyboard: arrows move, Enter opens, Space selects, Ctrl+A selects all, Delete and F2 act,
 * Shift+F10 and the menu key open the context menu. Rows drag the selection onto folders.
 */
export function EntryCollection({
  entries,
  view,
  selection,
  sort,
  onSort,
  readOnly,
  sharedPaths,
  drag,
}: {
  entries: FsEntry[];
  view: ViewMode;
  selection: RangeSelectionState;
  sort: SortOrder;
  onSort: (key: SortKey) => void;
  readOnly: boolean;
  /** Paths live shares point at (their entries get a mark); unknown until fetched. */
  sharedPaths?: ReadonlySet<string>;
  drag: EntryDrag;
}) {
  const { t, i18n } = useTranslation();
  const actions = useEntryActions();
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  const { ref: sizeRef, width } = useElementSize();
  const scroller = useRef<HTMLDivElement | null>(null);
  const [active, setActive] = useState(-1);
  const [contextMenu, setContextMenu] = useState<{
    entries: FsEntry[];
    at: { x: number; y: number };
    byKeyboard: boolean;
  } | null>(null);

  const columns =
    view === 'grid'
      ? Math.max(2, Math.floor((Math.max(width, 300) - 20 + TILE_GAP) / (TILE_WIDTH + TILE_GAP)))
      : 1;
  const rowHeight = view === 'grid' ? TILE_ROW_HEIGHT : narrow ? 56 : 44;
  const rowCount = Math.ceil(entries.length / columns);

  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: view === 'grid' ? 2 : 6,
    // Let React batch the scroll's renders into its frame instead of forcing one per event.
    useFlushSync: false,
  });
  // Rows are placed by the estimate: another row height or column count measures again.
  const layout = `${rowHeight}:${columns}`;
  const measuredLayout = useRef<string | null>(null);
  useEffect(() => {
    if (measuredLayout.current === layout) return;
    measuredLayout.current = layout;
    virtualizer.measure();
  }, [virtualizer, layout]);
  // A new listing (another folder, sort or change) starts at the top with nothing focused.
  const shownEntries = useRef(entries);
  useEffect(() => {
    if (shownEntries.current === entries) return;
    shownEntries.current = entries;
    setActive(-1);
    scroller.current?.scrollTo({ top: 0 });
  }, [entries]);

  // Handlers read the latest state through a ref, so rows keep stable props (memo).
  const latest = useRef({ selection, actions, entries, readOnly, drag });
  latest.current = { selection, actions, entries, readOnly, drag };

  /** What a row acts on: the selection when the row is in it, else the row alone. */
  const targetsOf = useCallback((entry: FsEntry) => {
    const { selection: current, entries: shown } = latest.current;
    return current.has(entry.path) ? shown.filter((each) => current.has(each.path)) : [entry];
  }, []);

  const onContextMenu = useCallback(
    (entry: FsEntry, index: number, event: MouseEvent) => {
      event.preventDefault();
      event.stopPropagation();
      setActive(index);
      setContextMenu({
        entries: targetsOf(entry),
        at: { x: event.clientX, y: event.clientY },
        byKeyboard: false,
      });
    },
    [targetsOf],
  );

  const rowDrag = useMemo<RowDrag>(
    () => ({
      start: (entry: FsEntry, event: DragEvent) => {
        const dragged = targetsOf(entry).filter((each) => !each.is_virtual);
        const { readOnly: folderReadOnly, drag: current } = latest.current;
        const movable = dragged.every((each) => isEntryWritable(each, folderReadOnly));
        const count = dragged.length;
        const image = count > 1 ? t('mountExplorer.entry.dragCount', { count }) : undefined;
        current.start(dragged, movable, event, image);
      },
      end: () => latest.current.drag.end(),
      target: drag.target,
    }),
    [targetsOf, drag.target, t],
  );

  const onCheck = useCallback((entry: FsEntry, index: number, shiftKey: boolean) => {
    const { selection: current } = latest.current;
    if (shiftKey) current.extendTo(entry.path);
    else current.toggle(entry.path);
    setActive(index);
  }, []);

  const onToggleAll = useCallback(() => latest.current.selection.toggleAll(), []);

  const onActivate = useCallback((entry: FsEntry, index: number, event: MouseEvent) => {
    const { selection: current } = latest.current;
    setActive(index);
    if (event.shiftKey) current.extendTo(entry.path);
    else if (event.ctrlKey || event.metaKey) current.toggle(entry.path);
    else latest.current.actions.open(entry);
  }, []);

  const moveTo = (index: number, extend: boolean) => {
    if (entries.length === 0) return;
    const next = Math.min(entries.length - 1, Math.max(0, index));
    setActive(next);
    virtualizer.scrollToIndex(Math.floor(next / columns));
    const entry = entries[next];
    if (extend && entry) selection.extendTo(entry.path);
  };

  const selectedEntries = () => entries.filter((entry) => selection.has(entry.path));

  /** The context menu of the row focused (or of the selection it is in), under that row. */
  const openContextMenuByKeyboard = () => {
    const current = entries[active];
    const box = document.getElementById(`entry-${active}`)?.getBoundingClientRect();
    const targets = current ? targetsOf(current) : selectedEntries();
    if (targets.length === 0) return;
    const pane = scroller.current?.getBoundingClientRect();
    setContextMenu({
      entries: targets,
      at: box ? { x: box.left + 32, y: box.bottom } : { x: pane?.left ?? 0, y: pane?.top ?? 0 },
      byKeyboard: true,
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'ContextMenu' || (event.shiftKey && event.key === 'F10')) {
      event.preventDefault();
      openContextMenuByKeyboard();
      return;
    }
    const current = entries[active];
    const step = { ArrowDown: columns, ArrowUp: -columns, ArrowRight: 1, ArrowLeft: -1 }[event.key];
    if (step !== undefined && (view === 'grid' || Math.abs(step) === columns)) {
      event.preventDefault();
      moveTo(active < 0 ? 0 : active + step, event.shiftKey);
      return;
    }
    switch (event.key) {
      case 'Home':
      case 'End':
        event.preventDefault();
        moveTo(event.key === 'Home' ? 0 : entries.length - 1, event.shiftKey);
        return;
      case 'Enter':
        if (current) actions.open(current);
        return;
      case ' ':
        event.preventDefault();
        if (current) onCheck(current, active, event.shiftKey);
        return;
      case 'Escape':
        selection.clear();
        return;
      case 'F2':
        if (current && isEntryWritable(current, readOnly)) actions.rename(current);
        return;
      case 'Delete': {
        const targets = selection.count > 0 ? selectedEntries() : current ? [current] : [];
        if (targets.length > 0 && targets.every((entry) => isEntryWritable(entry, readOnly))) {
          actions.remove(targets);
        }
        return;
      }
    }
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'a') {
      event.preventDefault();
      selection.toggleAll();
    }
  };

  const itemProps = (entry: FsEntry, index: number) => ({
    entry,
    index,
    selected: selection.has(entry.path),
    active: index === active,
    readOnly,
    shared: sharedPaths?.has(entry.path) ?? false,
    t,
    language: i18n.language,
    onActivate,
    onCheck,
    onContextMenu,
    drag: rowDrag,
    dropHint: drag.hovered?.path === entry.path ? drag.hovered.hint : undefined,
  });

  return (
    <>
      {view === 'list' && (
        <ListHeader
          count={entries.length}
          selectedCount={selection.count}
          onToggleAll={onToggleAll}
          sort={sort}
          onSort={onSort}
        />
      )}
      {/* biome-ignore lint/a11y: a virtual grid of div rows; a table cannot be virtualised this way */}
      <div
        ref={(node) => {
          scroller.current = node;
          sizeRef.current = node;
        }}
        className={classes.scroller}
        role="grid"
        tabIndex={0}
        aria-label={t('mountExplorer.entry.list')}
        aria-rowcount={rowCount + (view === 'list' ? 1 : 0)}
        aria-multiselectable
        aria-activedescendant={active >= 0 ? `entry-${active}` : undefined}
        onKeyDown={onKeyDown}
        onContextMenu={(event) => {
          // The menu key on the focused list; a row's right click opens the row's menu itself.
          if (event.target !== event.currentTarget) return;
          event.preventDefault();
          openContextMenuByKeyboard();
        }}
        data-testid="entry-scroller"
        data-view={view}
      >
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((row) => {
            if (view === 'list') {
              const entry = entries[row.index];
              if (!entry) return null;
              return (
                <EntryRow
                  key={entry.path}
                  {...itemProps(entry, row.index)}
                  top={row.start}
                  height={row.size}
                />
              );
            }
            const first = row.index * columns;
            return (
              // biome-ignore lint/a11y: a row of tiles in the virtual grid
              <div
                key={row.key}
                role="row"
                className={classes.tileRow}
                style={{
                  height: row.size,
                  transform: `translateY(${row.start + TILE_GAP}px)`,
                  gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
                }}
              >
                {entries.slice(first, first + columns).map((entry, offset) => (
                  <EntryTile key={entry.path} {...itemProps(entry, first + offset)} />
                ))}
              </div>
            );
          })}
        </div>
      </div>
      {contextMenu && (
        <EntryContextMenu
          // Another place is another menu: the popover is placed when it opens.
          key={`${contextMenu.at.x}:${contextMenu.at.y}`}
          entries={contextMenu.entries}
          readOnly={readOnly}
          at={contextMenu.at}
          onClose={() => {
            setContextMenu(null);
            if (contextMenu.byKeyboard) scroller.current?.focus();
          }}
        />
      )}
    </>
  );
}
