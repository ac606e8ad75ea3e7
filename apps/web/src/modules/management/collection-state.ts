/**
 * The pure rules behind a managed list: paging by page number or by offset, and which rows
 * are selected. Kept apart from React so the rules are tested on their own.
 */

/** One page of a collection as the server answers it. */
export interface CollectionPage<T> {
  items: readonly T[];
  total: number;
}

/** What a list call gets: the page asked for, in both of the server's dialects. */
export interface PageRequest {
  page: number;
  limit: number;
  offset: number;
  search?: string;
}

export function pageRequest(page: number, pageSize: number, search?: string): PageRequest {
  return { page, limit: pageSize, offset: (page - 1) * pageSize, search };
}

/** At least one page, so an empty list still has a page 1 to stand on. */
export function pageCountOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** "11–12 of 12": the positions of the rows on screen, counted from one. */
export function rangeOf(page: number, pageSize: number, shown: number, total: number) {
  const first = shown === 0 ? 0 : (page - 1) * pageSize + 1;
  return { first, last: shown === 0 ? 0 : first + shown - 1, total };
}

/** The page to show after the total changed: deleting the last rows leads one page back. */
export function clampPage(page: number, total: number, pageSize: number): number {
  return Math.min(Math.max(1, page), pageCountOf(total, pageSize));
}

export type Selection = ReadonlySet<string>;

export function toggleSelected(selection: Selection, id: string, checked: boolean): Selection {
  if (selection.has(id) === checked) return selection;
  const next = new Set(selection);
  if (checked) next.add(id);
  else next.delete(id);
  return next;
}

/** Ticking "select all" selects every row on screen; unticking it clears the selection. */
export function toggleAllSelected(visibleIds: readonly string[], checked: boolean): Selection {
  return checked ? new Set(visibleIds) : new Set();
}

/** Only rows still on screen stay selected; the same set comes back when nothing left. */
export function keepVisible(selection: Selection, visibleIds: readonly string[]): Selection {
  const kept = visibleIds.filter((id) => selection.has(id));
  return kept.length === selection.size ? selection : new Set(kept);
}

/** The state of the header checkbox. */
export function selectionSummary(selection: Selection, visibleIds: readonly string[]) {
  const here = visibleIds.filter((id) => selection.has(id)).length;
  const all = visibleIds.length > 0 && here === visibleIds.length;
  return { count: selection.size, all, some: here > 0 && !all };
}

/** Where the reader is in a collection: the search, its page and the ticked rows. */
export interface CollectionState {
  search: string | undefined;
  page: number;
  selected: Selection;
}

export type CollectionAction =
  /** A new search starts on its first page with nothing selected. */
  | { type: 'search'; search: string | undefined }
  | { type: 'page'; page: number }
  | { type: 'toggle'; id: string; checked: boolean }
  | { type: 'toggleAll'; ids: readonly string[]; checked: boolean }
  | { type: 'clearSelection' }
  /** A page arrived: drop selections that left the screen, step back past the last page. */
  | { type: 'loaded'; ids: readonly string[]; total: number; pageSize: number };

export const initialCollectionState: CollectionState = {
  search: undefined,
  page: 1,
  selected: new Set(),
};

export function collectionReducer(state: CollectionState, action: CollectionAction) {
  switch (action.type) {
    case 'search':
      return action.search === state.search
        ? state
        : { search: action.search, page: 1, selected: new Set<string>() };
    case 'page':
      return action.page === state.page
        ? state
        : { ...state, page: action.page, selected: new Set<string>() };
    case 'toggle': {
      const selected = toggleSelected(state.selected, action.id, action.checked);
      return selected === state.selected ? state : { ...state, selected };
    }
    case 'toggleAll':
      return { ...state, selected: toggleAllSelected(action.ids, action.checked) };
    case 'clearSelection':
      return state.selected.size === 0 ? state : { ...state, selected: new Set<string>() };
    case 'loaded': {
      const page = clampPage(state.page, action.total, action.pageSize);
      const selected = keepVisible(state.selected, action.ids);
      return page === state.page && selected === state.selected
        ? state
        : { ...state, page, selected };
    }
  }
}
