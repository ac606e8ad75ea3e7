import { useElementSize, useMediaQuery } from '@mantine/hooks';
import type { FsEntry } from '@sharebin/shared';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  type KeyboardEvent,
  type MouseEvent,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useEntryActions } from '../explorer.actions-context';
import { isEntryWritable } from '../explorer.format';
import type { ViewMode } from '../explorer.hooks';
import {
  EMPTY_SELECTION,
  type Selection,
  selectRange,
  toggleAll,
  toggleOne,
} from '../explorer.selection';
import type { SortKey, SortOrder } from '../explorer.sort';
import { EntryRow, EntryTile } from './EntryRow';
import classes from './explorer.module.css';
import { ListHeader } from './ListHeader';

const TILE_WIDTH = 150;
const TILE_GAP = 10;
const TILE_ROW_HEIGHT = 150;

/**
 * The folder's entries in a virtual list (or grid): only the rows in view and a few around
 * them are in the page, so ten thousand entries scroll as smoothly as ten. The pane takes the
 * keyboard: arrows move, Enter opens, Space selects, Ctrl+A selects all, Delete and F2 act.
 */
export function EntryCollection({
  entries,
  view,
  selection,
  onSelectionChange,
  sort,
  onSort,
  readOnly,
}: {
  entries: FsEntry[];
  view: ViewMode;
  selection: Selection;
  onSelectionChange: (next: Selection) => void;
  sort: SortOrder;
  onSort: (key: SortKey) => void;
  readOnly: boolean;
}) {
  const { t, i18n } = useTranslation();
  const actions = useEntryActions();
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  const { ref: sizeRef, width } = useElementSize();
  const scroller = useRef<HTMLDivElement | null>(null);
  const [active, setActive] = useState(-1);

  const columns =
    view === 'grid'
      ? Math.max(2, Math.floor((Math.max(width, 300) - 20 + TILE_GAP) / (TILE_WIDTH + TILE_GAP)))
      : 1;
  const rowHeight = view === 'grid' ? TILE_ROW_HEIGHT : narrow ? 56 : 44;
  const rowCount = Math.ceil(entries.length / columns);
  const order = useMemo(() => entries.map((entry) => entry.path), [entries]);

  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: view === 'grid' ? 2 : 6,
    // Let React batch the scroll's renders into its frame instead of forcing one per event.
    useFlushSync: false,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-measure when the row size changes
  useEffect(() => {
    virtualizer.measure();
  }, [rowHeight, columns]);
  // A new folder starts at the top with nothing focused.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on a new listing only
  useEffect(() => {
    setActive(-1);
    scroller.current?.scrollTo({ top: 0 });
  }, [order]);

  // Handlers read the latest state through a ref, so rows keep stable props (memo).
  const latest = useRef({ selection, order, actions, onSelectionChange });
  latest.current = { selection, order, actions, onSelectionChange };

  const onCheck = useCallback((entry: FsEntry, index: number, shiftKey: boolean) => {
    const { selection: current, order: shown, onSelectionChange: change } = latest.current;
    change(shiftKey ? selectRange(current, shown, entry.path) : toggleOne(current, entry.path));
    setActive(index);
  }, []);

  const onToggleAll = useCallback(() => {
    const { selection: current, order: shown, onSelectionChange: change } = latest.current;
    change(toggleAll(current, shown));
  }, []);

  const onActivate = useCallback((entry: FsEntry, index: number, event: MouseEvent) => {
    const { selection: current, order: shown, onSelectionChange: change } = latest.current;
    setActive(index);
    if (event.shiftKey) change(selectRange(current, shown, entry.path));
    else if (event.ctrlKey || event.metaKey) change(toggleOne(current, entry.path));
    else latest.current.actions.open(entry);
  }, []);

  const moveTo = (index: number, extend: boolean) => {
    if (entries.length === 0) return;
    const next = Math.min(entries.length - 1, Math.max(0, index));
    setActive(next);
    virtualizer.scrollToIndex(Math.floor(next / columns));
    const entry = entries[next];
    if (extend && entry) onSelectionChange(selectRange(selection, order, entry.path));
  };

  const selectedEntries = () => entries.filter((entry) => selection.paths.has(entry.path));

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
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
        onSelectionChange(EMPTY_SELECTION);
        return;
      case 'F2':
        if (current && isEntryWritable(current, readOnly)) actions.rename(current);
        return;
      case 'Delete': {
        const targets = selection.paths.size > 0 ? selectedEntries() : current ? [current] : [];
        if (targets.length > 0 && targets.every((entry) => isEntryWritable(entry, readOnly))) {
          actions.remove(targets);
        }
        return;
      }
    }
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'a') {
      event.preventDefault();
      onSelectionChange(toggleAll(selection, order));
    }
  };

  const itemProps = (entry: FsEntry, index: number) => ({
    entry,
    index,
    selected: selection.paths.has(entry.path),
    active: index === active,
    readOnly,
    t,
    language: i18n.language,
    onActivate,
    onCheck,
  });

  return (
    <>
      {view === 'list' && (
        <ListHeader
          count={entries.length}
          selectedCount={selection.paths.size}
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
    </>
  );
}
