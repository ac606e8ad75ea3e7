/**
 * Selection of entries by path. A plain click toggles one entry and sets the anchor; a
 * shift-click selects everything between the anchor and the clicked entry, in the order shown.
 */
export interface Selection {
  paths: ReadonlySet<string>;
  anchor: string | null;
}

export const EMPTY_SELECTION: Selection = { paths: new Set(), anchor: null };

export function toggleOne(selection: Selection, path: string): Selection {
  const paths = new Set(selection.paths);
  if (paths.has(path)) paths.delete(path);
  else paths.add(path);
  return { paths, anchor: path };
}

export function selectRange(
  selection: Selection,
  order: readonly string[],
  path: string,
): Selection {
  const from = selection.anchor === null ? -1 : order.indexOf(selection.anchor);
  const to = order.indexOf(path);
  if (to === -1) return selection;
  if (from === -1) return toggleOne(selection, path);
  const paths = new Set(selection.paths);
  const [low, high] = from < to ? [from, to] : [to, from];
  for (let index = low; index <= high; index += 1) {
    const item = order[index];
    if (item !== undefined) paths.add(item);
  }
  // The anchor stays, so a second shift-click re-extends from the same place.
  return { paths, anchor: selection.anchor };
}

/** Select all, or clear when everything shown is already selected. */
export function toggleAll(selection: Selection, order: readonly string[]): Selection {
  const allSelected = order.length > 0 && order.every((path) => selection.paths.has(path));
  return allSelected ? EMPTY_SELECTION : { paths: new Set(order), anchor: selection.anchor };
}

/** Drops selected paths that are no longer shown (after a delete, a move, a new listing). */
export function keepShown(selection: Selection, order: readonly string[]): Selection {
  const shown = new Set(order);
  const kept = [...selection.paths].filter((path) => shown.has(path));
  if (kept.length === selection.paths.size) return selection;
  return {
    paths: new Set(kept),
    anchor: selection.anchor !== null && shown.has(selection.anchor) ? selection.anchor : null,
  };
}
