import { CANCEL_POLL_MS } from '@sharebin/shared';

/**
 * An AbortSignal-like flag an upload checks between steps and polls during transfers
 * (SPEC §4: cancel is polled every 100 ms). A token made with `linkedTo` is also cancelled
 * when its parent is: a multipart upload stops its other parts when one fails.
 */
export interface CancelToken {
  readonly cancelled: boolean;
}

export interface CancelSource {
  readonly token: CancelToken;
  cancel(): void;
}

export function createCancelSource(parent?: CancelToken): CancelSource {
  let own = false;
  const token: CancelToken = {
    get cancelled() {
      return own || (parent?.cancelled ?? false);
    },
  };
  return {
    token,
    cancel: () => {
      own = true;
    },
  };
}

/** Calls `onCancel` once, within 100 ms of the token being cancelled; returns a stop function. */
export function watchCancel(token: CancelToken, onCancel: () => void): () => void {
  if (token.cancelled) {
    onCancel();
    return () => undefined;
  }
  const timer = window.setInterval(() => {
    if (token.cancelled) {
      window.clearInterval(timer);
      onCancel();
    }
  }, CANCEL_POLL_MS);
  return () => window.clearInterval(timer);
}
