import { describe, expect, it } from 'vitest';
import { type DraggedEntries, dropHintOf, dropVerdict, transferModeOf } from './explorer.drop';

const file = (path: string) => ({ path, is_directory: false });
const folder = (path: string) => ({ path, is_directory: true });
const dragged = (
  entries: DraggedEntries['entries'],
  rights: Partial<Pick<DraggedEntries, 'movable' | 'copyable'>> = {},
): DraggedEntries => ({ entries, movable: true, copyable: true, ...rights });

describe('what a drop means', () => {
  it('moves, and copies with Ctrl (Option on macOS)', () => {
    const keys = (ctrlKey: boolean, altKey: boolean) => ({ ctrlKey, altKey });
    expect(transferModeOf(keys(false, false), false)).toBe('move');
    expect(transferModeOf(keys(true, false), false)).toBe('copy');
    expect(transferModeOf(keys(false, true), false)).toBe('move');
    expect(transferModeOf(keys(false, true), true)).toBe('copy');
    // On macOS Ctrl is the secondary click, not a copy.
    expect(transferModeOf(keys(true, false), true)).toBe('move');
  });

  it('moves or copies a selection into another folder, a parent or another mount', () => {
    const two = dragged([file('/m/docs/a.txt'), folder('/m/docs/b')]);
    expect(dropVerdict(two, '/m/docs/c', 'move')).toEqual({ mode: 'move' });
    expect(dropVerdict(two, '/m', 'copy')).toEqual({ mode: 'copy' });
    expect(dropVerdict(two, '/other', 'move')).toEqual({ mode: 'move' });
  });

  it('refuses a folder onto itself or into its own subfolder, for a move and a copy', () => {
    const one = dragged([folder('/m/docs')]);
    for (const mode of ['move', 'copy'] as const) {
      expect(dropVerdict(one, '/m/docs', mode)).toEqual({ refused: 'onItself' });
      expect(dropVerdict(one, '/m/docs/2026/june', mode)).toEqual({ refused: 'intoItself' });
    }
    // A sibling whose name only starts the same is another folder.
    expect(dropVerdict(one, '/m/docs-old', 'move')).toEqual({ mode: 'move' });
  });

  it('refuses the list of mounts, and a move into the folder the entries are in', () => {
    const one = dragged([file('/m/docs/a.txt')]);
    expect(dropVerdict(one, '/', 'copy')).toEqual({ refused: 'root' });
    expect(dropVerdict(one, '/m/docs', 'move')).toEqual({ refused: 'sameFolder' });
    // A copy there is a duplicate, which the conflict choice names.
    expect(dropVerdict(one, '/m/docs', 'copy')).toEqual({ mode: 'copy' });
  });

  it('refuses what the user may not do: move a mount point, copy with a read-only key', () => {
    const mount = dragged([folder('/photos')], { movable: false });
    expect(dropVerdict(mount, '/m', 'move')).toEqual({ refused: 'notAllowed' });
    expect(dropVerdict(mount, '/m', 'copy')).toEqual({ mode: 'copy' });
    const readOnly = dragged([file('/m/a.txt')], { movable: false, copyable: false });
    expect(dropVerdict(readOnly, '/m/b', 'copy')).toEqual({ refused: 'notAllowed' });
  });

  it('shows a hovered target as the mode or as refused', () => {
    expect(dropHintOf({ mode: 'copy' })).toBe('copy');
    expect(dropHintOf({ refused: 'root' })).toBe('refused');
  });
});
