import { useEffect, useRef } from 'react';
import { createSignal, createValueStore, useValueStore } from '../../../shared/value-store';
import {
  type CancelSource,
  createCancelSource,
  DONE_PERCENT,
  isReportDue,
  isUploadError,
  type ProgressSample,
  percentOf,
  SPEED_WINDOW_MS,
  speedOf,
  UploadError,
  type UploadStage,
} from '../../files';
import { mirrorUploadQueue } from '../../tasks';
import { uploadFolderFor } from '../explorer.paths';
import type { PickedFile } from './dropped-files';
import { uploadToMount } from './mount-upload';

export type MountUploadStatus = 'pending' | 'uploading' | 'success' | 'error' | 'cancelled';

export interface MountUploadItem {
  id: string;
  file: File;
  name: string;
  /** Where it goes, folders of a picked folder included. */
  folder: string;
  relativePath: string;
  status: MountUploadStatus;
  stage: UploadStage;
  percent: number;
  loaded: number;
  total: number;
  speed: number | null;
  error: UploadError | null;
  createdAt: string;
}

/** Files uploading at once; a large one sends three parts in parallel itself. */
const PARALLEL_UPLOADS = 2;

let nextId = 0;
const newId = () => `mount-upload-${Date.now().toString(36)}-${(nextId++).toString(36)}`;

/**
 * The explorer's upload queue: files wait, upload two at a time, and end done, failed or
 * cancelled. It lives at app level, so uploads go on while the user visits other pages, and the
 * task manager lists them.
 */
function createMountUploads() {
  const store = createValueStore<MountUploadItem[]>([]);
  let pending: MountUploadItem[] = [];
  const cancels = new Map<string, CancelSource>();
  let running = 0;
  const uploaded = createSignal<string>();

  const patch = (id: string, change: Partial<MountUploadItem>) => {
    store.set((list) => list.map((item) => (item.id === id ? { ...item, ...change } : item)));
  };

  const upload = (item: MountUploadItem, cancel: CancelSource) => {
    running += 1;
    let lastEmit = 0;
    const samples: ProgressSample[] = [];
    patch(item.id, { status: 'uploading' });
    uploadToMount(item.file, item.folder, {
      cancel: cancel.token,
      onStage: (stage) => patch(item.id, { stage }),
      onProgress: (loaded, total) => {
        const now = performance.now();
        samples.push({ time: now, loaded });
        while (samples.length > 2 && now - (samples[0]?.time ?? now) > SPEED_WINDOW_MS) {
          samples.shift();
        }
        if (!isReportDue(now, lastEmit, loaded, total)) return;
        lastEmit = now;
        patch(item.id, {
          percent: percentOf(null, loaded, total),
          loaded,
          total,
          speed: speedOf(samples),
        });
      },
    })
      .then(() => {
        patch(item.id, {
          status: 'success',
          percent: DONE_PERCENT,
          stage: 'completed',
          speed: null,
          loaded: item.file.size,
        });
        uploaded.emit(item.folder);
      })
      .catch((error: unknown) => {
        const failure = isUploadError(error) ? error : new UploadError(String(error));
        patch(item.id, {
          status: failure.cancelled ? 'cancelled' : 'error',
          error: failure,
          speed: null,
        });
      })
      .finally(() => {
        running -= 1;
        cancels.delete(item.id);
        pump();
      });
  };

  const pump = () => {
    while (running < PARALLEL_UPLOADS && pending.length > 0) {
      const item = pending.shift();
      if (!item) break;
      const cancel = cancels.get(item.id);
      if (!cancel || cancel.token.cancelled) continue;
      upload(item, cancel);
    }
  };

  const enqueue = (items: MountUploadItem[]) => {
    for (const item of items) cancels.set(item.id, createCancelSource());
    pending.push(...items);
    pump();
  };

  const add = (files: PickedFile[], target: string) => {
    const added = files.map<MountUploadItem>(({ file, relativePath }) => ({
      id: newId(),
      file,
      name: relativePath || file.name,
      folder: uploadFolderFor(target, relativePath),
      relativePath,
      status: 'pending',
      stage: 'starting',
      percent: 0,
      loaded: 0,
      total: file.size,
      speed: null,
      error: null,
      createdAt: new Date().toISOString(),
    }));
    store.set((list) => [...list, ...added]);
    enqueue(added);
  };

  const cancel = (id: string) => {
    cancels.get(id)?.cancel();
    // A file still waiting never starts: it is cancelled at once.
    if (pending.some((item) => item.id === id)) {
      pending = pending.filter((item) => item.id !== id);
      patch(id, { status: 'cancelled' });
    }
  };

  /** Sends a failed or cancelled file again, in its place in the list. */
  const retry = (id: string) => {
    const item = store.get().find((entry) => entry.id === id);
    if (!item || item.status === 'pending' || item.status === 'uploading') return;
    const fresh = { ...item, status: 'pending' as const, percent: 0, loaded: 0, error: null };
    patch(id, fresh);
    enqueue([fresh]);
  };

  const remove = (id: string) => {
    cancel(id);
    store.set((list) => list.filter((item) => item.id !== id));
  };

  const cancelAll = () => {
    for (const item of store.get()) {
      if (item.status === 'pending' || item.status === 'uploading') cancel(item.id);
    }
  };

  const clearFinished = () => {
    store.set((list) =>
      list.filter((item) => item.status === 'pending' || item.status === 'uploading'),
    );
  };

  return {
    store,
    add,
    cancel,
    retry,
    remove,
    cancelAll,
    clearFinished,
    onUploaded: uploaded.listen,
  };
}

/** The app's one queue of uploads into mounted folders. */
export const mountUploadQueue = createMountUploads();

mirrorUploadQueue(mountUploadQueue, (item) => item.folder);

/** The explorer's view of its uploads; `onUploaded` runs after each success while it is shown. */
export function useMountUploads(onUploaded: (folder: string) => void) {
  const queue = mountUploadQueue;
  const items = useValueStore(queue.store);
  const uploaded = useRef(onUploaded);
  uploaded.current = onUploaded;
  useEffect(() => mountUploadQueue.onUploaded((folder) => uploaded.current(folder)), []);
  const active = items.some((item) => item.status === 'pending' || item.status === 'uploading');
  return {
    items,
    add: queue.add,
    cancel: queue.cancel,
    cancelAll: queue.cancelAll,
    clearFinished: queue.clearFinished,
    active,
  };
}
