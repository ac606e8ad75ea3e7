import { useCallback, useEffect, useRef, useState } from 'react';
import {
  type CancelSource,
  createCancelSource,
  DONE_PERCENT,
  isReportDue,
  percentOf,
} from '../../files';
import {
  type Allowance,
  acceptsMore,
  endsTheRequest,
  type Refusal,
  refusalOf,
} from '../upload-request.limits';
import {
  committedOf,
  enqueue,
  type QueuedFile,
  queueProgress,
  refuseWaiting,
  requeue,
} from './file-queue';
import { type RequestTarget, SendError, type SendFailure, sendFile } from './send-file';

let nextId = 0;
const newId = () => `request-file-${(nextId++).toString(36)}`;

/** Asks before the page is left while a file is on its way (the browser words the question). */
function useLeaveWarning(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}

/**
 * A visitor's files for one request: each checked against what the request still takes, then
 * sent one at a time (so that each counts against the limits in the order picked), with its
 * progress, a cancel while it waits or goes, and a retry after a failure. A refusal that ends
 * the request (full, closed, its folder gone) ends it for the files still waiting too.
 */
export function useFileQueue(target: RequestTarget, allowance: Allowance) {
  const [items, setItems] = useState<QueuedFile[]>([]);
  const [ended, setEnded] = useState<Refusal | null>(null);
  const sending = useRef<{ id: string; cancel: CancelSource } | null>(null);

  const patch = useCallback((id: string, change: Partial<QueuedFile>) => {
    setItems((list) => list.map((item) => (item.id === id ? { ...item, ...change } : item)));
  }, []);

  const fail = useCallback(
    (id: string, failure: SendFailure) => {
      if (failure.kind === 'cancelled') {
        patch(id, { status: 'cancelled' });
        return;
      }
      const refusal =
        failure.kind === 'refused' && failure.code
          ? refusalOf(failure.code, failure.details, allowance)
          : null;
      patch(id, { status: refusal ? 'refused' : 'failed', refusal, failure });
      if (refusal && endsTheRequest(refusal)) {
        setEnded(refusal);
        setItems((list) => refuseWaiting(list, refusal));
      }
    },
    [allowance, patch],
  );

  // The next waiting file goes once none is on its way.
  useEffect(() => {
    if (sending.current) return;
    const next = items.find((item) => item.status === 'waiting');
    if (!next) return;
    const cancel = createCancelSource();
    sending.current = { id: next.id, cancel };
    patch(next.id, { status: 'uploading' });
    const size = next.file.size;
    let lastReport = 0;
    sendFile(target, next.file, {
      cancel,
      onProgress: (loaded) => {
        const now = performance.now();
        if (!isReportDue(now, lastReport, loaded, size)) return;
        lastReport = now;
        patch(next.id, { percent: percentOf(null, loaded, size) });
      },
    }).then(
      (stored) => {
        // Free before the row changes: the render that follows starts the next file.
        sending.current = null;
        patch(next.id, { status: 'sent', stored, percent: DONE_PERCENT });
      },
      (error: unknown) => {
        sending.current = null;
        fail(next.id, error instanceof SendError ? error.failure : { kind: 'network' });
      },
    );
  }, [items, target, patch, fail]);

  // Leaving the page stops the file on its way.
  useEffect(() => () => sending.current?.cancel.cancel(), []);

  const progress = queueProgress(items);
  useLeaveWarning(progress.running);

  return {
    items,
    ...progress,
    /** The request takes more files: not ended, and its limits leave room. */
    open: ended === null && acceptsMore(allowance, committedOf(items)),
    ended,
    add: (files: readonly File[]) => {
      if (files.length > 0) setItems((list) => enqueue(list, files, allowance, newId));
    },
    cancel: (id: string) => {
      if (sending.current?.id === id) sending.current.cancel.cancel();
      else setItems((list) => cancelWaiting(list, id));
    },
    retry: (id: string) => {
      if (ended === null) setItems((list) => requeue(list, id, allowance));
    },
    remove: (id: string) => setItems((list) => list.filter((item) => item.id !== id)),
  };
}

/** A file that had not started yet is cancelled at once. */
const cancelWaiting = (list: QueuedFile[], id: string) =>
  list.map((item) =>
    item.id === id && item.status === 'waiting' ? { ...item, status: 'cancelled' as const } : item,
  );
