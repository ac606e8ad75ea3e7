/**
 * A selection that remembers the row last ticked by hand (the anchor), so that Shift extends it
 * over the rows between, in the order shown. Rows are named by any id (the explorer uses paths).
 * Built on the plain selection rules of collection-state; kept apart from React to be tested.
 */
import {
  keepVisible,
  type Selection,
  selectionSummary,
  toggleAllSelected,
  toggleSelected,
} from './collection-state';

export interface RangeSelection {
  ids: Selection;
  /** Where a Shift range starts: the row last ticked or unticked by hand. */
  anchor: string | null;
}

export const NO_RANGE_SELECTION: RangeSelection = { ids: new Set(), anchor: null };

/** Ticks or unticks one row; it becomes the anchor. */
export function toggleOne(selection: RangeSelection, id: string): RangeSelection {
  return { ids: toggleSelected(selection.ids, id, !selection.ids.has(id)), anchor: id };
}

/** Shift: ticks every row from the anchor to `id`; without an anchor, ticks `id` alone. */
export function selectRange(
  selection: RangeSelection,
  order: readonly string[],
  id: string,
): RangeSelection {
  const from = selection.anchor === null ? -1 : order.indexOf(selection.anchor);
  const to = order.indexOf(id);
  if (to === -1) return selection;
  if (from === -1) return toggleOne(selection, id);
  const [low, high] = from < to ? [from, to] : [to, from];
  const ids = new Set(selection.ids);
  for (const row of order.slice(low, high + 1)) ids.add(row);
  // The anchor stays, so a second Shift re-extends from the same place.
  return { ids, anchor: selection.anchor };
}

/** Ticks every row shown, or none when all of them already are. */
export function toggleAll(selection: RangeSelection, order: readonly string[]): RangeSelection {
  return selectionSummary(selection.ids, order).all
    ? NO_RANGE_SELECTION
    : { ids: toggleAllSelected(order, true), anchor: selection.anchor };
}

/** Rows no longer shown (deleted, moved, another listing) are unticked; so is their anchor. */
export function keepVisibleRange(
  selection: RangeSelection,
  order: readonly string[],
): RangeSelection {
  const ids = keepVisible(selection.ids, order);
  if (ids === selection.ids) return selection;
  const { anchor } = selection;
  return { ids, anchor: anchor !== null && order.includes(anchor) ? anchor : null };
}

/** A selection and the scope it was made in (the explorer's folder). */
export interface ScopedSelection {
  scope: string;
  selection: RangeSelection;
}

/** Seen from another scope, nothing is selected: a new folder starts unselected. */
export function selectionIn(stored: ScopedSelection, scope: string): RangeSelection {
  return stored.scope === scope ? stored.selection : NO_RANGE_SELECTION;
}

/**
 * Applies `change` to the selection seen from `scope`. A change made from another scope forgets
 * the old one; with nothing changed the same state comes back.
 */
export function changeIn(
  stored: ScopedSelection,
  scope: string,
  change: (current: RangeSelection) => RangeSelection,
): ScopedSelection {
  const current = selectionIn(stored, scope);
  const next = change(current);
  return next === current && stored.scope === scope ? stored : { scope, selection: next };
}
