import type { FileShare } from '@sharebin/shared';
import { useEffect, useRef } from 'react';
import { i18n } from '../../../i18n';
import { formatBytes } from '../../../shared/format-bytes';
import { createSignal, createValueStore, useValueStore } from '../../../shared/value-store';
import { mirrorUploadQueue } from '../../tasks';
import { type CancelSource, createCancelSource } from './cancel-token';
import { uploadFile } from './file-upload';
import { rememberUpload } from './recent-uploads';
import type { ShareRequestOptions, UrlInfo } from './upload.api';
import { isUploadError, UploadError, uploadCancelled } from './upload.errors';
import type { UploadMethod, UploadStage } from './upload.types';
import {
  DONE_PERCENT,
  isReportDue,
  type ProgressSample,
  percentOf,
  phaseStartPercent,
  SPEED_WINDOW_MS,
  speedOf,
} from './upload-progress';
import { type UrlUploadPhase, urlUpload } from './url-upload';

/** SPEC §4 file upload status. */
export type UploadStatus = 'pending' | 'uploading' | 'success' | 'error';

export type UploadSource =
  | { kind: 'file'; file: File }
  | { kind: 'url'; info: UrlInfo; filename: string };

export interface UploadItem {
  id: string;
  source: UploadSource;
  name: string;
  /** Null for an address whose server did not say. */
  size: number | null;
  status: UploadStatus;
  /** Waiting for a free slot after the user started it. */
  queued: boolean;
  stage: UploadStage;
  /** URL uploads: into the browser, then on to the storage. */
  phase: UrlUploadPhase | null;
  method: UploadMethod | null;
  /** 0–100; a URL upload's download fills 0–49 and its upload 50–99 (SPEC §4). */
  percent: number;
  /** Bytes of the current transfer so far, and its size when known. */
  loaded: number;
  total: number | null;
  /** Bytes per second over the last seconds; null before there is a measure. */
  speed: number | null;
  /** Why it stopped, worded at render time in the language of the moment. */
  error: UploadError | null;
  cancelled: boolean;
  /** Refused when added (over the size limit): a retry could never succeed. */
  refused: boolean;
  share: FileShare | null;
  /** When it was added (the task manager sorts by it). */
  createdAt: string;
}

/** Files uploading at once; each multipart upload sends three parts in parallel itself. */
const PARALLEL_UPLOADS = 2;

interface Control {
  cancel: CancelSource;
  options: ShareRequestOptions;
  samples: ProgressSample[];
  lastEmit: number;
}

let nextId = 0;
const newItemId = () => `upload-${Date.now().toString(36)}-${(nextId++).toString(36)}`;

function blankItem(source: UploadSource, name: string, size: number | null): UploadItem {
  return {
    id: newItemId(),
    source,
    name,
    size,
    status: 'pending',
    queued: false,
    stage: 'starting',
    phase: null,
    method: null,
    percent: 0,
    loaded: 0,
    total: size,
    speed: null,
    error: null,
    cancelled: false,
    refused: false,
    share: null,
    createdAt: new Date().toISOString(),
  };
}

function refusedTooLarge(limit: number): Partial<UploadItem> {
  return {
    status: 'error',
    refused: true,
    error: new UploadError(() =>
      i18n.t('upload.errors.tooLarge', { limit: formatBytes(limit, i18n.language) }),
    ),
  };
}

/**
 * The upload page's queue: files and addresses waiting, uploading (two at a time) and done.
 * Each upload runs in the plain modules of this folder; this queue keeps the rows in step. It
 * lives at app level, so an upload goes on while the user visits other pages, and the task
 * manager lists its rows.
 */
function createUploadQueue() {
  const store = createValueStore<UploadItem[]>([]);
  const controls = new Map<string, Control>();
  /** What each row uploads, known from the moment it is added. */
  const sources = new Map<string, { source: UploadSource; size: number | null }>();
  let waiting: string[] = [];
  let running = 0;
  /** The page's current limit (settings may change it while the queue lives on). */
  let maxBytes = Number.POSITIVE_INFINITY;
  const uploaded = createSignal<FileShare>();

  const setItems = store.set;
  const patch = (id: string, change: Partial<UploadItem>) => {
    setItems((current) => current.map((item) => (item.id === id ? { ...item, ...change } : item)));
  };

  const update = (id: string, change: (item: UploadItem) => Partial<UploadItem>) => {
    setItems((current) =>
      current.map((item) => (item.id === id ? { ...item, ...change(item) } : item)),
    );
  };

  const run = async (id: string) => {
    const item = sources.get(id);
    const control = controls.get(id);
    if (!item || !control || control.cancel.token.cancelled) return;
    const hooks = {
      cancel: control.cancel.token,
      onStage: (stage: UploadStage) =>
        patch(id, {
          stage,
          ...(stage === 'completed' ? { percent: DONE_PERCENT, speed: null } : {}),
        }),
      onProgress: (loaded: number, total: number) => {
        const now = performance.now();
        control.samples.push({ time: now, loaded });
        while (
          control.samples.length > 2 &&
          now - (control.samples[0]?.time ?? now) > SPEED_WINDOW_MS
        ) {
          control.samples.shift();
        }
        if (!isReportDue(now, control.lastEmit, loaded, total)) return;
        control.lastEmit = now;
        const speed = speedOf(control.samples);
        update(id, (current) => ({
          loaded,
          total: total > 0 ? total : null,
          percent: percentOf(current.phase, loaded, total),
          speed,
        }));
      },
      onMethod: (method: UploadMethod) => patch(id, { method }),
      onPhase: (phase: UrlUploadPhase) => {
        control.samples = [];
        patch(id, { phase, loaded: 0, speed: null, percent: phaseStartPercent(phase) });
      },
    };
    patch(id, {
      status: 'uploading',
      queued: false,
      stage: 'starting',
      phase: null,
      percent: 0,
      loaded: 0,
      speed: null,
      error: null,
      cancelled: false,
    });
    try {
      if (item.size !== null && item.size > maxBytes) {
        const limit = maxBytes;
        throw new UploadError(() =>
          i18n.t('upload.errors.tooLarge', { limit: formatBytes(limit, i18n.language) }),
        );
      }
      const share =
        item.source.kind === 'file'
          ? await uploadFile({ file: item.source.file, options: control.options, hooks })
          : await urlUpload({
              info: item.source.info,
              filename: item.source.filename,
              options: control.options,
              maxBytes,
              hooks,
            });
      rememberUpload(share);
      uploaded.emit(share);
      patch(id, {
        status: 'success',
        stage: 'completed',
        percent: DONE_PERCENT,
        speed: null,
        share,
        size: share.size,
      });
    } catch (error) {
      const failure = isUploadError(error)
        ? error
        : new UploadError(error instanceof Error ? error.message : String(error));
      patch(id, {
        status: 'error',
        speed: null,
        error: failure,
        cancelled: failure.cancelled || control.cancel.token.cancelled,
      });
    }
  };

  const pump = () => {
    while (running < PARALLEL_UPLOADS && waiting.length > 0) {
      const id = waiting.shift();
      if (!id) break;
      running += 1;
      void run(id).finally(() => {
        running -= 1;
        pump();
      });
    }
  };

  /** Starts (or retries) these rows with these share settings. */
  const start = (requested: string[], options: ShareRequestOptions) => {
    const refused = new Set(
      store
        .get()
        .filter((item) => item.refused)
        .map((item) => item.id),
    );
    const ids = requested.filter((id) => !refused.has(id));
    for (const id of ids) {
      controls.set(id, { cancel: createCancelSource(), options, samples: [], lastEmit: 0 });
      waiting.push(id);
    }
    const started = new Set(ids);
    setItems((current) =>
      current.map((item) =>
        started.has(item.id)
          ? {
              ...item,
              status: 'pending',
              queued: true,
              stage: 'starting',
              error: null,
              cancelled: false,
              percent: 0,
            }
          : item,
      ),
    );
    pump();
  };

  const addFiles = (files: File[]) => {
    const added = files.map((file) => {
      const item = blankItem({ kind: 'file', file }, file.name, file.size);
      // Over the limit: refused here, with the reason, rather than failing on Upload.
      return file.size > maxBytes ? { ...item, ...refusedTooLarge(maxBytes) } : item;
    });
    for (const item of added) sources.set(item.id, { source: item.source, size: item.size });
    setItems((current) => [...current, ...added]);
    return added.map((item) => item.id);
  };

  const addUrl = (info: UrlInfo, filename: string) => {
    const item = blankItem({ kind: 'url', info, filename }, filename, info.size);
    sources.set(item.id, { source: item.source, size: item.size });
    setItems((current) => [...current, item]);
    return item.id;
  };

  const cancel = (id: string) => {
    controls.get(id)?.cancel.cancel();
    const item = store.get().find((entry) => entry.id === id);
    if (item?.queued) {
      waiting = waiting.filter((waitingId) => waitingId !== id);
      patch(id, { status: 'error', queued: false, cancelled: true, error: uploadCancelled() });
    }
  };

  const remove = (id: string) => {
    controls.get(id)?.cancel.cancel();
    controls.delete(id);
    sources.delete(id);
    waiting = waiting.filter((waitingId) => waitingId !== id);
    setItems((current) => current.filter((item) => item.id !== id));
  };

  const clearFinished = () => {
    setItems((current) =>
      current.filter((item) => {
        const finished = item.status === 'success' || item.status === 'error';
        if (finished) {
          controls.delete(item.id);
          sources.delete(item.id);
        }
        return !finished;
      }),
    );
  };

  /** A retry from the task panel: with the settings the row was last started with. */
  const retry = (id: string) => {
    const options = controls.get(id)?.options;
    if (options) start([id], options);
  };

  return {
    store,
    addFiles,
    addUrl,
    start,
    cancel,
    remove,
    retry,
    clearFinished,
    setMaxBytes: (limit: number) => {
      maxBytes = limit;
    },
    onUploaded: uploaded.listen,
  };
}

/** The app's one upload queue for file shares. */
export const shareUploadQueue = createUploadQueue();

mirrorUploadQueue(
  shareUploadQueue,
  () => i18n.t('tasks.detail.share'),
  (item) => !item.refused,
);

/**
 * The upload page's view of the queue. `maxBytes` is the current limit; `onUploaded` is
 * called once per finished upload while the page is shown (it refreshes what the share changed).
 */
export function useUploadQueue({
  maxBytes,
  onUploaded,
}: {
  maxBytes: number;
  onUploaded?: (share: FileShare) => void;
}) {
  const queue = shareUploadQueue;
  queue.setMaxBytes(maxBytes);
  const items = useValueStore(queue.store);
  const onUploadedRef = useRef(onUploaded);
  onUploadedRef.current = onUploaded;
  useEffect(() => shareUploadQueue.onUploaded((share) => onUploadedRef.current?.(share)), []);

  const busy = items.some((item) => item.status === 'uploading' || item.queued);
  return {
    items,
    busy,
    addFiles: queue.addFiles,
    addUrl: queue.addUrl,
    /** Starts (or retries) these rows with these share settings. */
    start: queue.start,
    cancel: queue.cancel,
    remove: queue.remove,
    clearFinished: queue.clearFinished,
  };
}

export type UploadQueue = ReturnType<typeof useUploadQueue>;
