import { useCallback, useEffect, useRef, useState } from 'react';
import { type CancelSource, createCancelSource } from '../../files/upload/cancel-token';
import { isUploadError, UploadError } from '../../files/upload/upload.errors';
import type { UploadStage } from '../../files/upload/upload.types';
import { DONE_PERCENT, isReportDue, percentOf } from '../../files/upload/upload-progress';
import { uploadFolderFor } from '../explorer.paths';
import type { PickedFile } from './dropped-files';
import { uploadToMount } from './mount-upload';

export type MountUploadStatus = 'pending' | 'uploading' | 'success' | 'error' | 'cancelled';

export interface MountUploadItem {
  id: string;
  file: File;
  /** Where it goes, folders of a picked folder included. */
  folder: string;
  relativePath: string;
  status: MountUploadStatus;
  stage: UploadStage;
  percent: number;
  error: UploadError | null;
}

/** Files uploading at once; a large one sends three parts in parallel itself. */
const PARALLEL_UPLOADS = 2;

let nextId = 0;
const newId = () => `mount-upload-${(nextId++).toString(36)}`;

/**
 * The upload dialog's queue: files wait, upload two at a time, and end done, failed or
 * cancelled. `onUploaded` runs after each success (the listing is refreshed). Closing the page
 * cancels what still runs.
 */
export function useMountUploads(onUploaded: (folder: string) => void) {
  const [items, setItems] = useState<MountUploadItem[]>([]);
  const pending = useRef<MountUploadItem[]>([]);
  const cancels = useRef(new Map<string, CancelSource>());
  const running = useRef(0);
  const uploaded = useRef(onUploaded);
  uploaded.current = onUploaded;

  const patch = useCallback((id: string, change: Partial<MountUploadItem>) => {
    setItems((list) => list.map((item) => (item.id === id ? { ...item, ...change } : item)));
  }, []);

  const pump = useCallback(() => {
    while (running.current < PARALLEL_UPLOADS && pending.current.length > 0) {
      const item = pending.current.shift();
      if (!item) break;
      const cancel = cancels.current.get(item.id);
      if (!cancel || cancel.token.cancelled) continue;
      running.current += 1;
      let lastEmit = 0;
      patch(item.id, { status: 'uploading' });
      uploadToMount(item.file, item.folder, {
        cancel: cancel.token,
        onStage: (stage) => patch(item.id, { stage }),
        onProgress: (loaded, total) => {
          const now = Date.now();
          if (!isReportDue(now, lastEmit, loaded, total)) return;
          lastEmit = now;
          patch(item.id, { percent: percentOf(null, loaded, total) });
        },
      })
        .then(() => {
          patch(item.id, { status: 'success', percent: DONE_PERCENT, stage: 'completed' });
          uploaded.current(item.folder);
        })
        .catch((error: unknown) => {
          const failure = isUploadError(error) ? error : new UploadError(String(error));
          patch(item.id, { status: failure.cancelled ? 'cancelled' : 'error', error: failure });
        })
        .finally(() => {
          running.current -= 1;
          cancels.current.delete(item.id);
          pump();
        });
    }
  }, [patch]);

  const add = useCallback(
    (files: PickedFile[], target: string) => {
      const added = files.map<MountUploadItem>(({ file, relativePath }) => ({
        id: newId(),
        file,
        folder: uploadFolderFor(target, relativePath),
        relativePath,
        status: 'pending',
        stage: 'starting',
        percent: 0,
        error: null,
      }));
      for (const item of added) cancels.current.set(item.id, createCancelSource());
      pending.current.push(...added);
      setItems((list) => [...list, ...added]);
      pump();
    },
    [pump],
  );

  const cancel = useCallback(
    (id: string) => {
      cancels.current.get(id)?.cancel();
      // A file still waiting never starts: it is cancelled at once.
      if (pending.current.some((item) => item.id === id)) {
        pending.current = pending.current.filter((item) => item.id !== id);
        patch(id, { status: 'cancelled' });
      }
    },
    [patch],
  );

  const cancelAll = useCallback(() => {
    for (const item of items) {
      if (item.status === 'pending' || item.status === 'uploading') cancel(item.id);
    }
  }, [items, cancel]);

  const clearFinished = useCallback(() => {
    setItems((list) =>
      list.filter((item) => item.status === 'pending' || item.status === 'uploading'),
    );
  }, []);

  useEffect(() => {
    const all = cancels.current;
    return () => {
      for (const source of all.values()) source.cancel();
    };
  }, []);

  const active = items.some((item) => item.status === 'pending' || item.status === 'uploading');
  return { items, add, cancel, cancelAll, clearFinished, active };
}
