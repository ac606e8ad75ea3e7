import type { ReactElement } from 'react';
import { PageLoader } from '../../../app/layout/PageLoader';
import { ShareLoadFailed } from './ShareLoadFailed';
import { SharePasswordPrompt } from './SharePasswordPrompt';
import { ShareUnavailable } from './ShareUnavailable';
import { type ShareKind, unavailableReason } from './share-kinds';

/** The visitor's look-up of a share (a query that counts a view, never retried on its own). */
type ShareLookUp = { isPending: boolean; error: unknown; refetch: () => Promise<unknown> };

/** The password check of a protected share; its answer is the (counted) view. */
type ShareUnlock = { mutate: (password: string) => void; isPending: boolean; error: unknown };

/**
 * Everything a share page shows before its content: the loader, why the share is gone, its
 * password prompt, or a failed look-up with a retry. `content` is the share once it can be shown.
 */
export function ShareViewShell({
  kind,
  view,
  unlock,
  locked,
  content,
}: {
  kind: ShareKind;
  view: ShareLookUp;
  unlock: ShareUnlock;
  /** The look-up answered that a password is needed. */
  locked: boolean;
  content: ReactElement | null;
}) {
  if (content) return content;
  if (view.isPending) return <PageLoader />;
  if (locked) {
    // The share may expire or run out of views while the prompt is open.
    const unlockReason = unavailableReason(kind, unlock.error);
    if (unlockReason) return <ShareUnavailable kind={kind} reason={unlockReason} />;
    return (
      <SharePasswordPrompt
        kind={kind}
        onSubmit={(password) => unlock.mutate(password)}
        pending={unlock.isPending}
        error={unlock.error}
      />
    );
  }
  const viewReason = unavailableReason(kind, view.error);
  if (viewReason) return <ShareUnavailable kind={kind} reason={viewReason} />;
  return <ShareLoadFailed kind={kind} error={view.error} onRetry={() => void view.refetch()} />;
}
