import { describe, expect, it } from 'vitest';
import {
  EMPTY_SELECTION,
  keepShown,
  selectRange,
  toggleAll,
  toggleOne,
} from './explorer.selection';

const order = ['/a', '/b', '/c', '/d', '/e'];
const selected = (selection: { paths: ReadonlySet<string> }) => [...selection.paths].sort();

describe('selection', () => {
  it('toggles one entry and moves the anchor', () => {
    const one = toggleOne(EMPTY_SELECTION, '/b');
    expect(selected(one)).toEqual(['/b']);
    expect(one.anchor).toBe('/b');
    expect(selected(toggleOne(one, '/b'))).toEqual([]);
  });

  it('selects a range from the anchor in either direction, keeping the anchor', () => {
    const down = selectRange(toggleOne(EMPTY_SELECTION, '/b'), order, '/d');
    expect(selected(down)).toEqual(['/b', '/c', '/d']);
    expect(down.anchor).toBe('/b');
    const up = selectRange(toggleOne(EMPTY_SELECTION, '/d'), order, '/a');
    expect(selected(up)).toEqual(['/a', '/b', '/c', '/d']);
  });

  it('treats a shift-click without an anchor as a plain toggle', () => {
    expect(selected(selectRange(EMPTY_SELECTION, order, '/c'))).toEqual(['/c']);
    expect(selectRange(EMPTY_SELECTION, order, '/zzz')).toBe(EMPTY_SELECTION);
  });

  it('selects all, and clears when all are selected', () => {
    const all = toggleAll(EMPTY_SELECTION, order);
    expect(selected(all)).toEqual(order);
    expect(selected(toggleAll(all, order))).toEqual([]);
    expect(selected(toggleAll(EMPTY_SELECTION, []))).toEqual([]);
  });

  it('drops entries no longer shown and an anchor that went away', () => {
    const selection = selectRange(toggleOne(EMPTY_SELECTION, '/a'), order, '/c');
    const kept = keepShown(selection, ['/b', '/c', '/d']);
    expect(selected(kept)).toEqual(['/b', '/c']);
    expect(kept.anchor).toBeNull();
    expect(keepShown(kept, ['/b', '/c'])).toBe(kept);
  });
});
