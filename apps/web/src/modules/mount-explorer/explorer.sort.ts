import type { FsEntry } from '@sharebin/shared';

export const SORT_KEYS = ['name', 'size', 'modified'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortDirection = 'asc' | 'desc';
export interface SortOrder {
  key: SortKey;
  direction: SortDirection;
}

const collators = new Map<string, Intl.Collator>();
function collator(language: string): Intl.Collator {
  let found = collators.get(language);
  if (!found) {
    // Numeric: "file 2" before "file 10", as people expect in a file browser.
    found = new Intl.Collator(language, { numeric: true, sensitivity: 'base' });
    collators.set(language, found);
  }
  return found;
}

const timeOf = (entry: FsEntry) => (entry.modified ? Date.parse(entry.modified) : -1);

/**
 * Folders first, then files, each group in the chosen order; ties (same size, no date) fall
 * back to the name so the order never jumps between renders.
 */
export function sortEntries(
  entries: readonly FsEntry[],
  order: SortOrder,
  language: string,
): FsEntry[] {
  const byName = collator(language).compare;
  const sign = order.direction === 'asc' ? 1 : -1;
  const compare = (a: FsEntry, b: FsEntry): number => {
    if (a.is_directory !== b.is_directory) return a.is_directory ? -1 : 1;
    let result = 0;
    if (order.key === 'size') result = (a.size ?? -1) - (b.size ?? -1);
    else if (order.key === 'modified') result = timeOf(a) - timeOf(b);
    if (result === 0) result = byName(a.name, b.name);
    return result * sign;
  };
  return [...entries].sort(compare);
}

/** A click on a column: the same column flips its direction, another starts ascending. */
export function nextSortOrder(current: SortOrder, key: SortKey): SortOrder {
  if (current.key === key) {
    return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  }
  return { key, direction: 'asc' };
}
