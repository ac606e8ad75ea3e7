import { STORAGE_KEYS } from '@sharebin/shared';
import { describe, expect, it } from 'vitest';
import { createValueStore } from '../../shared/value-store';
import { type BrowserTask, createBrowserTaskList } from './browser-tasks';

/** localStorage as the browser keeps it: strings by key. */
function memoryStorage(initial: Record<string, string> = {}): Storage {
  const values = new Map(Object.entries(initial));
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => values.delete(key),
    setItem: (key, value) => values.set(key, value),
  };
}

const upload = (id: string, status: BrowserTask['status']): BrowserTask => ({
  id,
  kind: 'upload',
  name: `${id}.bin`,
  detail: '/local',
  status,
  percent: 40,
  loaded: 40,
  total: 100,
  speed: 10,
  error: null,
  url: null,
  expiresAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('the browser task list', () => {
  it('outlasts a reload, where an upload that was running shows as interrupted', () => {
    const storage = memoryStorage();
    const before = createBrowserTaskList(storage);
    before.upsert([upload('a', 'running'), upload('b', 'completed'), upload('c', 'pending')]);

    const after = createBrowserTaskList(storage);
    const statuses = Object.fromEntries(after.store.get().map((task) => [task.id, task.status]));
    expect(statuses).toEqual({ a: 'interrupted', b: 'completed', c: 'interrupted' });
    expect(after.store.get().find((task) => task.id === 'a')?.speed).toBeNull();
  });

  it('treats an unreadable stored list as empty', () => {
    const storage = memoryStorage({ [STORAGE_KEYS.browserTasks]: '{not json' });
    expect(createBrowserTaskList(storage).store.get()).toEqual([]);
  });

  it('records a native download as started, newest first, with its link', () => {
    const list = createBrowserTaskList(memoryStorage());
    list.upsert([upload('old', 'completed')]);
    const id = list.recordDownload({
      name: 'basket.zip',
      url: 'https://example.test/zip?token=t',
      expiresAt: '2026-01-01T00:05:00.000Z',
    });
    const [first] = list.store.get();
    expect(first).toMatchObject({
      id,
      kind: 'download',
      status: 'started',
      url: 'https://example.test/zip?token=t',
      expiresAt: '2026-01-01T00:05:00.000Z',
    });
  });

  it('mirrors a queue: its rows appear, change and disappear; dismiss goes through the queue', () => {
    const list = createBrowserTaskList(memoryStorage());
    const queue = createValueStore<{ id: string; status: BrowserTask['status'] }[]>([]);
    const removed: string[] = [];
    list.mirror(
      queue,
      (row) => upload(row.id, row.status),
      (row) => ({
        remove: () => {
          removed.push(row.id);
          queue.set((rows) => rows.filter((other) => other.id !== row.id));
        },
      }),
    );

    queue.set([{ id: 'x', status: 'pending' }]);
    queue.set((rows) => [...rows, { id: 'y', status: 'running' }]);
    queue.set((rows) =>
      rows.map((row) => (row.id === 'x' ? { ...row, status: 'completed' } : row)),
    );
    expect(list.store.get().map((task) => [task.id, task.status])).toEqual([
      ['y', 'running'],
      ['x', 'completed'],
    ]);

    list.dismiss('x');
    expect(removed).toEqual(['x']);
    expect(list.store.get().map((task) => task.id)).toEqual(['y']);
  });

  it('keeps at most 100 tasks by forgetting the oldest finished ones, never a running one', () => {
    const list = createBrowserTaskList(memoryStorage());
    list.upsert([upload('running-old', 'running')]);
    for (let index = 0; index < 120; index += 1)
      list.upsert([upload(`done-${index}`, 'completed')]);
    const ids = list.store.get().map((task) => task.id);
    expect(ids).toHaveLength(100);
    expect(ids).toContain('running-old');
    expect(ids).toContain('done-119');
    expect(ids).not.toContain('done-0');
  });
});
