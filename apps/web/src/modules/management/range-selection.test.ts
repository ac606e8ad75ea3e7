import { describe, expect, it } from 'vitest';
import {
  changeIn,
  keepVisibleRange,
  NO_RANGE_SELECTION,
  type ScopedSelection,
  selectionIn,
  selectRange,
  toggleAll,
  toggleOne,
} from './range-selection';

const order = ['/a', '/b', '/c', '/d', '/e'];
const selected = (selection: { ids: ReadonlySet<string> }) => [...selection.ids].sort();

describe('range selection', () => {
  it('toggles one row and moves the anchor', () => {
    const one = toggleOne(NO_RANGE_SELECTION, '/b');
    expect(selected(one)).toEqual(['/b']);
    expect(one.anchor).toBe('/b');
    expect(selected(toggleOne(one, '/b'))).toEqual([]);
  });

  it('selects a range from the anchor in either direction, keeping the anchor', () => {
    const down = selectRange(toggleOne(NO_RANGE_SELECTION, '/b'), order, '/d');
    expect(selected(down)).toEqual(['/b', '/c', '/d']);
    expect(down.anchor).toBe('/b');
    const up = selectRange(toggleOne(NO_RANGE_SELECTION, '/d'), order, '/a');
    expect(selected(up)).toEqual(['/a', '/b', '/c', '/d']);
  });

  it('treats a shift-click without an anchor as a plain toggle', () => {
    expect(selected(selectRange(NO_RANGE_SELECTION, order, '/c'))).toEqual(['/c']);
    expect(selectRange(NO_RANGE_SELECTION, order, '/zzz')).toBe(NO_RANGE_SELECTION);
  });

  it('selects all, and clears when all are selected', () => {
    const all = toggleAll(NO_RANGE_SELECTION, order);
    expect(selected(all)).toEqual(order);
    expect(selected(toggleAll(all, order))).toEqual([]);
    expect(selected(toggleAll(NO_RANGE_SELECTION, []))).toEqual([]);
  });

  it('keeps the anchor when selecting all', () => {
    const some = toggleOne(NO_RANGE_SELECTION, '/c');
    expect(toggleAll(some, order).anchor).toBe('/c');
  });

  it('drops rows no longer shown and an anchor that went away', () => {
    const selection = selectRange(toggleOne(NO_RANGE_SELECTION, '/a'), order, '/c');
    const kept = keepVisibleRange(selection, ['/b', '/c', '/d']);
    expect(selected(kept)).toEqual(['/b', '/c']);
    expect(kept.anchor).toBeNull();
    expect(keepVisibleRange(kept, ['/b', '/c'])).toBe(kept);
  });
});

describe('scoped selection', () => {
  const inFolder: ScopedSelection = {
    scope: '/x',
    selection: toggleOne(NO_RANGE_SELECTION, '/x/a'),
  };

  it('shows nothing selected from another scope', () => {
    expect(selected(selectionIn(inFolder, '/x'))).toEqual(['/x/a']);
    expect(selectionIn(inFolder, '/y')).toBe(NO_RANGE_SELECTION);
  });

  it('gives the same state back when a change changes nothing', () => {
    expect(changeIn(inFolder, '/x', (current) => current)).toBe(inFolder);
  });

  it('forgets the old scope once changed from another', () => {
    const moved = changeIn(inFolder, '/y', (current) => current);
    expect(moved).toEqual({ scope: '/y', selection: NO_RANGE_SELECTION });
    expect(selectionIn(moved, '/x')).toBe(NO_RANGE_SELECTION);
    const ticked = changeIn(inFolder, '/y', (current) => toggleOne(current, '/y/b'));
    expect(selected(selectionIn(ticked, '/y'))).toEqual(['/y/b']);
  });
});
