import { useCallback, useEffect, useState } from 'react';
import { selectionSummary } from './collection-state';
import {
  changeIn,
  keepVisibleRange,
  NO_RANGE_SELECTION,
  type RangeSelection,
  type ScopedSelection,
  selectionIn,
  selectRange,
  toggleAll,
  toggleOne,
} from './range-selection';

/**
 * The ticked rows of a list shown in `order`, with Shift ranges (range-selection.ts). They
 * belong to `scope`: another scope (folder) starts with none, and rows that leave the list are
 * unticked. Its fields match useCollection's `selection` where they overlap.
 */
export function useRangeSelection(order: readonly string[], scope: string) {
  const [stored, setStored] = useState<ScopedSelection>({ scope, selection: NO_RANGE_SELECTION });
  const selection = selectionIn(stored, scope);
  const change = useCallback(
    (next: (current: RangeSelection) => RangeSelection) =>
      setStored((current) => changeIn(current, scope, next)),
    [scope],
  );
  useEffect(() => change((current) => keepVisibleRange(current, order)), [change, order]);

  return {
    ids: selection.ids,
    ...selectionSummary(selection.ids, order),
    has: (id: string) => selection.ids.has(id),
    toggle: (id: string) => change((current) => toggleOne(current, id)),
    /** Shift: from the anchor to `id`. */
    extendTo: (id: string) => change((current) => selectRange(current, order, id)),
    /** All shown, or none when all are. */
    toggleAll: () => change((current) => toggleAll(current, order)),
    selectAll: () => change(() => toggleAll(NO_RANGE_SELECTION, order)),
    // A clear from an earlier folder (a dialog that ended late) still clears: see changeIn.
    clear: () => change(() => NO_RANGE_SELECTION),
  };
}

export type RangeSelectionState = ReturnType<typeof useRangeSelection>;
