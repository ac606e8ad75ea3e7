import { useEffect } from 'react';
import { browserTasks, isBrowserTaskFinished } from '../modules/tasks/browser-tasks';
import { createValueStore } from '../shared/value-store';

/** What a page holds that a reload would lose; the update prompt asks before reloading. */
export type UnsavedWork = 'editorText';

const unsaved = createValueStore<ReadonlySet<UnsavedWork>>(new Set());

/** A page says, while `active`, that it holds work a reload would lose. */
export function useUnsavedWork(work: UnsavedWork, active: boolean): void {
  useEffect(() => {
    if (!active) return;
    unsaved.set((current) => new Set([...current, work]));
    return () => unsaved.set((current) => new Set([...current].filter((entry) => entry !== work)));
  }, [work, active]);
}

export interface WorkAtRisk {
  /** Uploads and downloads of this browser still running (the task manager's). */
  transfers: number;
  unsaved: UnsavedWork[];
}

export function workAtRisk(): WorkAtRisk {
  return {
    transfers: browserTasks.store.get().filter((task) => !isBrowserTaskFinished(task)).length,
    unsaved: [...unsaved.get()],
  };
}
