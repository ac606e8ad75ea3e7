import { foldersContaining, parentPath } from './explorer.paths';

/**
 * The type entries dragged inside the explorer carry: a drag that has it moves or copies what
 * the explorer shows; one with `Files` comes from the system and uploads.
 */
export const ENTRY_DRAG_TYPE = 'application/x-sharebin-entries';

/** What a move/copy dialog or a drop does with the entries. */
export type TransferMode = 'move' | 'copy';

/** What is being dragged: the entries, and what the user may do with them. */
export interface DraggedEntries {
  entries: readonly { path: string; is_directory: boolean }[];
  /** Every entry may be moved away from where it is (no mount point, no read-only folder). */
  movable: boolean;
  /** The user may write somewhere, so a copy can land. */
  copyable: boolean;
}

/** Why a drop is refused: nothing is called. */
export type DropRefusal = 'root' | 'onItself' | 'intoItself' | 'sameFolder' | 'notAllowed';

export type DropVerdict = { mode: TransferMode } | { refused: DropRefusal };

/**
 * A drop moves; with Ctrl held (Option on macOS, as the system's file managers have it) it
 * copies.
 */
export function transferModeOf(
  keys: { ctrlKey: boolean; altKey: boolean },
  mac: boolean,
): TransferMode {
  return (mac ? keys.altKey : keys.ctrlKey) ? 'copy' : 'move';
}

/**
 * What dropping `dragged` on the folder `target` does in `mode`. The list of mounts takes
 * nothing, an entry cannot go onto or into itself, and a move into the folder the entries are
 * already in does nothing.
 */
export function dropVerdict(
  dragged: DraggedEntries,
  target: string,
  mode: TransferMode,
): DropVerdict {
  if (target === '/') return { refused: 'root' };
  if (dragged.entries.some((entry) => entry.path === target)) return { refused: 'onItself' };
  if (foldersContaining(dragged.entries, target).length > 0) return { refused: 'intoItself' };
  if (!(mode === 'move' ? dragged.movable : dragged.copyable)) return { refused: 'notAllowed' };
  if (mode === 'move' && dragged.entries.every((entry) => parentPath(entry.path) === target)) {
    return { refused: 'sameFolder' };
  }
  return { mode };
}

/** How a hovered drop target shows what a drop there would do. */
export type DropHint = TransferMode | 'refused';

export const dropHintOf = (verdict: DropVerdict): DropHint =>
  'mode' in verdict ? verdict.mode : 'refused';
