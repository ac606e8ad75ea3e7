import { describe, expect, it } from 'vitest';
import {
  type CollectionState,
  clampPage,
  collectionReducer,
  initialCollectionState,
  keepVisible,
  pageCountOf,
  pageRequest,
  rangeOf,
  selectionSummary,
  toggleSelected,
} from './collection-state';

const state = (over: Partial<CollectionState> = {}): CollectionState => ({
  ...initialCollectionState,
  ...over,
});

describe('paging', () => {
  it('asks for a page both by number and by offset', () => {
    expect(pageRequest(3, 10, 'abc')).toEqual({ page: 3, limit: 10, offset: 20, search: 'abc' });
    expect(pageRequest(1, 20)).toEqual({ page: 1, limit: 20, offset: 0, search: undefined });
  });

  it('counts at least one page', () => {
    expect(pageCountOf(0, 10)).toBe(1);
    expect(pageCountOf(10, 10)).toBe(1);
    expect(pageCountOf(11, 10)).toBe(2);
  });

  it('words the range of the rows on screen', () => {
    expect(rangeOf(2, 10, 2, 12)).toEqual({ first: 11, last: 12, total: 12 });
    expect(rangeOf(1, 10, 10, 12)).toEqual({ first: 1, last: 10, total: 12 });
    expect(rangeOf(1, 10, 0, 0)).toEqual({ first: 0, last: 0, total: 0 });
  });

  it('steps back to the last page when rows were deleted from it', () => {
    expect(clampPage(3, 20, 10)).toBe(2);
    expect(clampPage(3, 0, 10)).toBe(1);
    expect(clampPage(2, 25, 10)).toBe(2);
    expect(clampPage(0, 25, 10)).toBe(1);
  });
});

describe('selection', () => {
  it('ticks and unticks a row, keeping the same set when nothing changes', () => {
    const none = new Set<string>();
    const one = toggleSelected(none, 'a', true);
    expect([...one]).toEqual(['a']);
    expect(toggleSelected(one, 'a', true)).toBe(one);
    expect([...toggleSelected(one, 'a', false)]).toEqual([]);
    expect(none.size).toBe(0);
  });

  it('keeps only rows still on screen', () => {
    const selected = new Set(['a', 'b', 'c']);
    expect([...keepVisible(selected, ['b', 'c', 'd'])]).toEqual(['b', 'c']);
    expect(keepVisible(selected, ['a', 'b', 'c', 'd'])).toBe(selected);
  });

  it('summarises the header checkbox', () => {
    expect(selectionSummary(new Set(), ['a', 'b'])).toEqual({ count: 0, all: false, some: false });
    expect(selectionSummary(new Set(['a']), ['a', 'b'])).toEqual({
      count: 1,
      all: false,
      some: true,
    });
    expect(selectionSummary(new Set(['a', 'b']), ['a', 'b'])).toEqual({
      count: 2,
      all: true,
      some: false,
    });
    // An empty page is never "all selected".
    expect(selectionSummary(new Set(), [])).toEqual({ count: 0, all: false, some: false });
  });
});

describe('collectionReducer', () => {
  it('starts a new search on its first page with nothing selected', () => {
    const before = state({ page: 3, selected: new Set(['a']) });
    const after = collectionReducer(before, { type: 'search', search: 'notes' });
    expect(after).toEqual({ search: 'notes', page: 1, selected: new Set() });
    expect(collectionReducer(after, { type: 'search', search: 'notes' })).toBe(after);
  });

  it('clears the selection when the page changes', () => {
    const before = state({ selected: new Set(['a']) });
    const after = collectionReducer(before, { type: 'page', page: 2 });
    expect(after.page).toBe(2);
    expect(after.selected.size).toBe(0);
    expect(collectionReducer(after, { type: 'page', page: 2 })).toBe(after);
  });

  it('selects every row of the page and clears again', () => {
    const all = collectionReducer(state(), { type: 'toggleAll', ids: ['a', 'b'], checked: true });
    expect([...all.selected]).toEqual(['a', 'b']);
    const one = collectionReducer(all, { type: 'toggle', id: 'a', checked: false });
    expect([...one.selected]).toEqual(['b']);
    const none = collectionReducer(one, { type: 'toggleAll', ids: ['a', 'b'], checked: false });
    expect(none.selected.size).toBe(0);
    expect(collectionReducer(none, { type: 'clearSelection' })).toBe(none);
  });

  it('on a loaded page drops vanished rows and steps back past the last page', () => {
    const before = state({ page: 3, selected: new Set(['a', 'gone']) });
    const after = collectionReducer(before, {
      type: 'loaded',
      ids: ['a', 'b'],
      total: 12,
      pageSize: 10,
    });
    expect(after.page).toBe(2);
    expect([...after.selected]).toEqual(['a']);
    const steady = collectionReducer(after, {
      type: 'loaded',
      ids: ['a', 'b'],
      total: 12,
      pageSize: 10,
    });
    expect(steady).toBe(after);
  });
});
