import type { FileShare } from '@sharebin/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { i18n } from '../../../i18n';
import { formatBytes } from '../../pastes/paste-management.utils';
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
 * Each upload runs in the plain modules of this folder; this hook keeps the rows in step.
 * Leaving the page cancels what is still running.
 */
export function useUploadQueue({
  maxBytes,
  onUploaded,
}: {
  maxBytes: number;
  /** Called once per finished upload (the page refreshes what the new share changed). */
  onUploaded?: (share: FileShare) => void;
}) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const controls = useRef(new Map<string, Control>());
  /** What each row uploads, known from the moment it is added (before the rows re-render). */
  const sources = useRef(new Map<string, { source: UploadSource; size: number | null }>());
  const waiting = useRef<string[]>([]);
  const running = useRef(0);
  const maxBytesRef = useRef(maxBytes);
  maxBytesRef.current = maxBytes;
  const onUploadedRef = useRef(onUploaded);
  onUploadedRef.current = onUploaded;

  const patch = useCallback((id: string, change: Partial<UploadItem>) => {
    setItems((current) => current.map((item) => (item.id === id ? { ...item, ...change } : item)));
  }, []);

  const update = useCallback((id: string, change: (item: UploadItem) => Partial<UploadItem>) => {
    setItems((current) =>
      current.map((item) => (item.id === id ? { ...item, ...change(item) } : item)),
    );
  }, []);

  const run = useCallback(
    async (id: string) => {
      const item = sources.current.get(id);
      const control = controls.current.get(id);
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
        if (item.size !== null && item.size > maxBytesRef.current) {
          throw new UploadError(() =>
            i18n.t('upload.errors.tooLarge', {
              limit: formatBytes(maxBytesRef.current, i18n.language),
            }),
          );
        }
        const share =
          item.source.kind === 'file'
            ? await uploadFile({ file: item.source.file, options: control.options, hooks })
            : await urlUpload({
                info: item.source.info,
                filename: item.source.filename,
                options: control.options,
                maxBytes: maxBytesRef.current,
                hooks,
              });
        rememberUpload(share);
        onUploadedRef.current?.(share);
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
    },
    [patch, update],
  );

  const pump = useCallback(() => {
    while (running.current < PARALLEL_UPLOADS && waiting.current.length > 0) {
      const id = waiting.current.shift();
      if (!id) break;
      running.current += 1;
      void run(id).finally(() => {
        running.current -= 1;
        pump();
      });
    }
  }, [run]);

  const enqueue = useCallback(
    (requested: string[], options: ShareRequestOptions) => {
      const refused = new Set(
        itemsRef.current.filter((item) => item.refused).map((item) => item.id),
      );
      const ids = requested.filter((id) => !refused.has(id));
      for (const id of ids) {
        controls.current.set(id, {
          cancel: createCancelSource(),
          options,
          samples: [],
          lastEmit: 0,
        });
        waiting.current.push(id);
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
    },
    [pump],
  );

  const addFiles = useCallback((files: File[]) => {
    const added = files.map((file) => {
      const item = blankItem({ kind: 'file', file }, file.name, file.size);
      const limit = maxBytesRef.current;
      // Over the limit: refused here, with the reason, rather than failing on Upload.
      return file.size > limit ? { ...item, ...refusedTooLarge(limit) } : item;
    });
    for (const item of added)
      sources.current.set(item.id, { source: item.source, size: item.size });
    setItems((current) => [...current, ...added]);
    return added.map((item) => item.id);
  }, []);

  const addUrl = useCallback((info: UrlInfo, filename: string) => {
    const item = blankItem({ kind: 'url', info, filename }, filename, info.size);
    sources.current.set(item.id, { source: item.source, size: item.size });
    setItems((current) => [...current, item]);
    return item.id;
  }, []);

  const cancel = useCallback(
    (id: string) => {
      const control = controls.current.get(id);
      control?.cancel.cancel();
      const item = itemsRef.current.find((entry) => entry.id === id);
      if (item?.queued) {
        waiting.current = waiting.current.filter((waitingId) => waitingId !== id);
        patch(id, {
          status: 'error',
          queued: false,
          cancelled: true,
          error: uploadCancelled(),
        });
      }
    },
    [patch],
  );

  const remove = useCallback((id: string) => {
    controls.current.get(id)?.cancel.cancel();
    controls.current.delete(id);
    sources.current.delete(id);
    waiting.current = waiting.current.filter((waitingId) => waitingId !== id);
    setItems((current) => current.filter((item) => item.id !== id));
  }, []);

  const clearFinished = useCallback(() => {
    setItems((current) =>
      current.filter((item) => {
        const finished = item.status === 'success' || item.status === 'error';
        if (finished) {
          controls.current.delete(item.id);
          sources.current.delete(item.id);
        }
        return !finished;
      }),
    );
  }, []);

  // Leaving the page stops the uploads still running: nobody would see them end.
  useEffect(() => {
    const all = controls.current;
    return () => {
      for (const control of all.values()) control.cancel.cancel();
    };
  }, []);

  const busy = items.some((item) => item.status === 'uploading' || item.queued);
  useEffect(() => {
    if (!busy) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [busy]);

  return {
    items,
    busy,
    addFiles,
    addUrl,
    /** Starts (or retries) these rows with these share settings. */
    start: enqueue,
    cancel,
    remove,
    clearFinished,
  };
}

export type UploadQueue = ReturnType<typeof useUploadQueue>;
