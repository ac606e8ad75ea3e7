import { STORAGE_KEYS } from '@sharebin/shared';
import { createValueStore, type ValueStore } from '../../shared/value-store';

/** SPEC §3 task types this browser runs itself (copy, move and delete run on the server). */
export type BrowserTaskKind = 'upload' | 'download';

/**
 * SPEC §4 task status, plus two a browser task needs: `interrupted` (a reload cut it off) and
 * `started` (a native download the browser now runs on its own, out of our sight).
 */
export type BrowserTaskStatus =
  | 'pending'
  | 'running'
  | 'completed'
  | 'failed'
  | 'cancelled'
  | 'interrupted'
  | 'started';

export interface BrowserTask {
  id: string;
  kind: BrowserTaskKind;
  name: string;
  /** Where it goes (a folder, or "file share"); shown under the name. */
  detail: string | null;
  status: BrowserTaskStatus;
  percent: number;
  loaded: number;
  total: number | null;
  /** Bytes per second; null when not measured. */
  speed: number | null;
  error: string | null;
  /** A download's address, to start it again while its token lasts. */
  url: string | null;
  expiresAt: string | null;
  createdAt: string;
}

/** What the panel can do with a task still held in memory by the module that runs it. */
export interface BrowserTaskActions {
  cancel?: () => void;
  retry?: () => void;
  /** Forgets it where it runs too (the upload queue's row); the task follows. */
  remove?: () => void;
}

/** The oldest finished tasks beyond this are forgotten, so the stored list stays small. */
const KEPT_TASKS = 100;
const UNFINISHED: ReadonlySet<BrowserTaskStatus> = new Set(['pending', 'running']);

export const isBrowserTaskFinished = (task: BrowserTask) => !UNFINISHED.has(task.status);

function readStored(storage: Storage | null): BrowserTask[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(STORAGE_KEYS.browserTasks) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (task): task is BrowserTask =>
        typeof task === 'object' &&
        task !== null &&
        typeof task.id === 'string' &&
        typeof task.name === 'string' &&
        typeof task.status === 'string',
    );
  } catch {
    return [];
  }
}

/**
 * An upload that was running when the page was left cannot go on (its file is gone from
 * memory): after a reload it shows as interrupted, never as running.
 */
export function markInterrupted(tasks: BrowserTask[]): BrowserTask[] {
  return tasks.map((task) =>
    isBrowserTaskFinished(task) ? task : { ...task, status: 'interrupted', speed: null },
  );
}

function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The browser's tasks, kept in localStorage so they outlast navigation and reloads. */
export function createBrowserTaskList(storage: Storage | null = browserStorage()) {
  const store: ValueStore<BrowserTask[]> = createValueStore(markInterrupted(readStored(storage)));
  const actions = new Map<string, BrowserTaskActions>();
  store.subscribe(() => {
    try {
      storage?.setItem(STORAGE_KEYS.browserTasks, JSON.stringify(store.get()));
    } catch {
      // Storage full or disabled: the list then lasts as long as the page.
    }
  });

  const keepSmall = (tasks: BrowserTask[]) => {
    if (tasks.length <= KEPT_TASKS) return tasks;
    const excess = tasks.length - KEPT_TASKS;
    const dropped = new Set(tasks.filter(isBrowserTaskFinished).slice(-excess));
    return tasks.filter((task) => !dropped.has(task));
  };

  /** Adds new tasks first (newest on top) and updates the others where they stand. */
  const upsert = (changed: BrowserTask[]) => {
    if (changed.length === 0) return;
    store.set((current) => {
      const byId = new Map(changed.map((task) => [task.id, task]));
      const updated = current.map((task) => byId.get(task.id) ?? task);
      const known = new Set(current.map((task) => task.id));
      const added = changed.filter((task) => !known.has(task.id)).reverse();
      return keepSmall([...added, ...updated]);
    });
  };

  const remove = (ids: Iterable<string>) => {
    const gone = new Set(ids);
    if (gone.size === 0) return;
    for (const id of gone) actions.delete(id);
    store.set((current) => current.filter((task) => !gone.has(task.id)));
  };

  return {
    store,
    upsert,
    remove,
    actionsOf: (id: string): BrowserTaskActions => actions.get(id) ?? {},
    setActions: (id: string, taskActions: BrowserTaskActions) => actions.set(id, taskActions),

    /** Forgets a task, where it runs too when that module still holds it. */
    dismiss: (id: string) => {
      const own = actions.get(id)?.remove;
      if (own) own();
      else remove([id]);
    },

    /**
     * Keeps the tasks in step with a module's own list (an upload queue): its rows appear,
     * change and disappear here as they do there. Answers the unsubscribe.
     */
    mirror<T extends { id: string }>(
      source: ValueStore<T[]>,
      toTask: (item: T) => BrowserTask,
      actionsFor: (item: T) => BrowserTaskActions,
    ): () => void {
      let shown = new Set<string>();
      let last: T[] = [];
      return source.subscribe(() => {
        const items = source.get();
        if (items === last) return;
        const previous = new Set(last);
        last = items;
        const changed = items.filter((item) => !previous.has(item));
        for (const item of changed) actions.set(item.id, actionsFor(item));
        upsert(changed.map(toTask));
        const ids = new Set(items.map((item) => item.id));
        remove([...shown].filter((id) => !ids.has(id)));
        shown = ids;
      });
    },

    /**
     * A download the browser runs natively (the basket's zip): shown as started, with its
     * link to start it again until `expiresAt`.
     */
    recordDownload({
      name,
      url,
      expiresAt = null,
      now = new Date(),
    }: {
      name: string;
      url: string;
      expiresAt?: string | null;
      now?: Date;
    }): string {
      const id = `download-${now.getTime().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
      upsert([
        {
          id,
          kind: 'download',
          name,
          detail: null,
          status: 'started',
          percent: 0,
          loaded: 0,
          total: null,
          speed: null,
          error: null,
          url,
          expiresAt,
          createdAt: now.toISOString(),
        },
      ]);
      return id;
    },
  };
}

export type BrowserTaskList = ReturnType<typeof createBrowserTaskList>;

/** The app's one list of browser tasks. */
export const browserTasks = createBrowserTaskList();

/** For the file basket (and any module) that starts a native download the panel should list. */
export const recordDownload = (download: {
  name: string;
  url: string;
  expiresAt?: string | null;
}) => browserTasks.recordDownload(download);
