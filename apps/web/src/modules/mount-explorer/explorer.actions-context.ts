import type { FsEntry } from '@sharebin/shared';
import { createContext, useContext } from 'react';

/** A folder by its path and name: an entry's, or the one the explorer shows. */
export interface FolderTarget {
  path: string;
  name: string;
}

/** What can be done to entries; the page owns the dialogs, rows and menus only ask. */
export interface EntryActions {
  open: (entry: FsEntry) => void;
  download: (entry: FsEntry) => void;
  copyLink: (entry: FsEntry) => void;
  edit: (entry: FsEntry) => void;
  rename: (entry: FsEntry) => void;
  /** Opens the move dialog, at `target` when given (a drop's folder). */
  move: (entries: FsEntry[], target?: string) => void;
  copy: (entries: FsEntry[], target?: string) => void;
  /** Extract a zip or tar into a folder (a dialog picks which). */
  extract: (entry: FsEntry) => void;
  remove: (entries: FsEntry[]) => void;
  addToBasket: (entries: FsEntry[]) => void;
  /** Share by link (a file or folder; never a virtual folder). */
  share: (entry: FsEntry) => void;
  /** Ask others for files through a link: into a folder that may be written (or the one shown). */
  requestFiles: (folder: FolderTarget) => void;
}

export const EntryActionsContext = createContext<EntryActions | null>(null);

export function useEntryActions(): EntryActions {
  const actions = useContext(EntryActionsContext);
  if (!actions) throw new Error('useEntryActions outside the explorer');
  return actions;
}
