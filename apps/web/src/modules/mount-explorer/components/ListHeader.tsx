import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SortKey, SortOrder } from '../explorer.sort';
import classes from './explorer.module.css';

function SortButton({
  column,
  sort,
  onSort,
}: {
  column: SortKey;
  sort: SortOrder;
  onSort: (key: SortKey) => void;
}) {
  const { t } = useTranslation();
  const active = sort.key === column;
  const Arrow = sort.direction === 'asc' ? IconArrowUp : IconArrowDown;
  const label =
    column === 'name'
      ? t('common.name')
      : column === 'size'
        ? t('common.size')
        : t('mountExplorer.columns.modified');
  return (
    <button
      type="button"
      className={classes.sortButton}
      onClick={() => onSort(column)}
      aria-pressed={active}
      data-testid={`sort-${column}`}
    >
      {label}
      {active && <Arrow size={12} />}
    </button>
  );
}

/**
 * The list's column heads: select all, and the sortable name, size and date. Memoised: the
 * list re-renders on every frame of a scroll, the heads need not.
 */
export const ListHeader = memo(function ListHeader({
  count,
  selectedCount,
  onToggleAll,
  sort,
  onSort,
}: {
  count: number;
  selectedCount: number;
  onToggleAll: () => void;
  sort: SortOrder;
  onSort: (key: SortKey) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className={classes.header}>
      <div>
        {/* The rows' plain checkbox, so that the column lines up and looks alike. */}
        <input
          type="checkbox"
          className={classes.check}
          ref={(node) => {
            if (node) node.indeterminate = selectedCount > 0 && selectedCount < count;
          }}
          checked={count > 0 && selectedCount === count}
          disabled={count === 0}
          onChange={onToggleAll}
          aria-label={t('mountExplorer.toolbar.selectAll')}
          data-testid="select-all"
        />
      </div>
      <div>
        <SortButton column="name" sort={sort} onSort={onSort} />
      </div>
      <div className={classes.wideOnly}>
        <SortButton column="size" sort={sort} onSort={onSort} />
      </div>
      <div className={classes.wideOnly}>
        <SortButton column="modified" sort={sort} onSort={onSort} />
      </div>
      <div />
    </div>
  );
});
