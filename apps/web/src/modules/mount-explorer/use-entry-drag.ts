import type { FsEntry } from '@sharebin/shared';
import { type DragEvent, useEffect, useMemo, useRef, useState } from 'react';
import classes from './components/explorer.module.css';
import {
  type DraggedEntries,
  type DropHint,
  dropHintOf,
  dropVerdict,
  ENTRY_DRAG_TYPE,
  type TransferMode,
  transferModeOf,
} from './explorer.drop';

/** A folder hovered this long while dragging opens, so that a drop can go deeper or elsewhere. */
export const SPRING_OPEN_MS = 900;

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/**
 * Shows `text` under the pointer instead of the picture of the one row dragged: a selection
 * of several goes along. The browser takes the picture at once; the element goes after.
 */
function showCountWhileDragging(event: DragEvent, text: string) {
  const badge = document.createElement('div');
  badge.className = classes.dragCount ?? '';
  badge.textContent = text;
  document.body.append(badge);
  event.dataTransfer.setDragImage(badge, -12, -12);
  requestAnimationFrame(() => badge.remove());
}

function effectAllowed(movable: boolean, copyable: boolean): DataTransfer['effectAllowed'] {
  if (movable) return copyable ? 'copyMove' : 'move';
  return copyable ? 'copy' : 'none';
}

/** The props that make an element the drop target of the folder `path`. */
export function dropTargetProps(handlers: DropTargetHandlers, path: string) {
  return {
    onDragEnter: (event: DragEvent) => handlers.onDragEnter(path, event),
    onDragOver: (event: DragEvent) => handlers.onDragOver(path, event),
    onDragLeave: (event: DragEvent) => handlers.onDragLeave(path, event),
    onDrop: (event: DragEvent) => handlers.onDrop(path, event),
  };
}

/** A folder hovered while entries are dragged, and what a drop there would do. */
export interface HoveredDrop {
  path: string;
  hint: DropHint;
}

/** The handlers that make an element a drop target for the folder `path`. */
export interface DropTargetHandlers {
  onDragEnter: (path: string, event: DragEvent) => void;
  onDragOver: (path: string, event: DragEvent) => void;
  onDragLeave: (path: string, event: DragEvent) => void;
  onDrop: (path: string, event: DragEvent) => void;
}

/** Dragging entries: started by a row, ended by a drop on a folder row or a breadcrumb. */
export interface EntryDrag {
  /**
   * Starts dragging `entries` (the selection, or the row dragged when it is not selected);
   * `image`, words under the pointer in place of the row's picture (how many are dragged).
   */
  start: (entries: FsEntry[], movable: boolean, event: DragEvent, image?: string) => void;
  end: () => void;
  target: DropTargetHandlers;
  /** The drag is over no target (the pane around the rows): nothing is hovered. */
  overNothing: () => void;
  hovered: HoveredDrop | null;
}

/**
 * Drag and drop of entries onto folders, with a drop that only asks: `onDrop` gets the mode
 * and the target, and opens the same move or copy dialog the menus open (its conflict choice
 * and confirmation). A refused target shows as refused and takes no drop. Handlers are stable:
 * rows keep their memo.
 */
export function useEntryDrag({
  copyable,
  onDrop,
  openFolder,
}: {
  copyable: boolean;
  onDrop: (mode: TransferMode, entries: FsEntry[], target: string) => void;
  /** Opens a folder hovered for a while (a breadcrumb leads to other mounts that way). */
  openFolder: (path: string) => void;
}): EntryDrag {
  const dragged = useRef<(DraggedEntries & { entries: FsEntry[] }) | null>(null);
  const [hovered, setHovered] = useState<HoveredDrop | null>(null);
  const latest = useRef({ copyable, onDrop, openFolder });
  latest.current = { copyable, onDrop, openFolder };
  const spring = useRef<{ path: string; timer: ReturnType<typeof setTimeout> } | null>(null);

  const handlers = useMemo(() => {
    const stopSpring = () => {
      if (spring.current) clearTimeout(spring.current.timer);
      spring.current = null;
    };
    const startSpring = (path: string) => {
      if (spring.current?.path === path) return;
      stopSpring();
      const timer = setTimeout(() => {
        spring.current = null;
        latest.current.openFolder(path);
      }, SPRING_OPEN_MS);
      spring.current = { path, timer };
    };
    const end = () => {
      stopSpring();
      dragged.current = null;
      setHovered(null);
    };
    /** What a drop on `path` does now, or null when the drag is not the explorer's. */
    const verdictAt = (path: string, event: DragEvent) => {
      if (!dragged.current || !event.dataTransfer.types.includes(ENTRY_DRAG_TYPE)) return null;
      return dropVerdict(dragged.current, path, transferModeOf(event, isMac));
    };
    const hover = (path: string, event: DragEvent) => {
      const verdict = verdictAt(path, event);
      if (!verdict) return;
      // The page's own drop (an upload) is not this drag's.
      event.stopPropagation();
      if ('mode' in verdict) {
        event.preventDefault();
        event.dataTransfer.dropEffect = verdict.mode;
      } else {
        event.dataTransfer.dropEffect = 'none';
      }
      startSpring(path);
      const hint = dropHintOf(verdict);
      setHovered((current) =>
        current?.path === path && current.hint === hint ? current : { path, hint },
      );
    };
    const target: DropTargetHandlers = {
      onDragEnter: hover,
      onDragOver: hover,
      onDragLeave: (path, event) => {
        if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
        if (spring.current?.path === path) stopSpring();
        setHovered((current) => (current?.path === path ? null : current));
      },
      onDrop: (path, event) => {
        const verdict = verdictAt(path, event);
        const entries = dragged.current?.entries;
        if (!verdict || !entries) return;
        event.preventDefault();
        event.stopPropagation();
        end();
        if ('mode' in verdict) latest.current.onDrop(verdict.mode, entries, path);
      },
    };
    const start = (entries: FsEntry[], movable: boolean, event: DragEvent, image?: string) => {
      if (image) showCountWhileDragging(event, image);
      const { copyable: canCopy } = latest.current;
      dragged.current = { entries, movable, copyable: canCopy };
      event.dataTransfer.effectAllowed = effectAllowed(movable, canCopy);
      event.dataTransfer.setData(
        ENTRY_DRAG_TYPE,
        JSON.stringify(entries.map((entry) => entry.path)),
      );
    };
    const overNothing = () => {
      stopSpring();
      setHovered(null);
    };
    return { start, end, target, overNothing };
  }, []);
  useEffect(
    () => () => {
      if (spring.current) clearTimeout(spring.current.timer);
    },
    [],
  );

  return { ...handlers, hovered };
}
