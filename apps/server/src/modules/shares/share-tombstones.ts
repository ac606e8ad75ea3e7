import type { Clock } from '../shared/clock';
import { shareState } from './share-state';
import type { ShareKind, ShareTombstonesRepository } from './share-tombstones.repository';

/** How long a deleted share keeps explaining why it is gone. */
export const TOMBSTONE_TTL_MS = 30 * 24 * 3_600_000;

type DeletedShare = {
  slug: string;
  expires_at: number | null;
  max_views: number;
  views: number;
};

/**
 * Remembers why deleted shares could no longer be viewed, so that a visitor of an expired or
 * used-up share reads that (410) rather than "not found" once the clean-up has removed it.
 */
export function createShareTombstones({
  repository,
  clock,
}: {
  repository: ShareTombstonesRepository;
  clock: Clock;
}) {
  return {
    /**
     * Records the shares just deleted: the expired and used-up ones keep their reason; a live
     * one deleted on purpose drops any reason its slug kept from an earlier share.
     */
    async settle(kind: ShareKind, deleted: DeletedShare[]) {
      const now = clock.now();
      const finished: { slug: string; reason: 'expired' | 'exhausted' }[] = [];
      const live: string[] = [];
      for (const share of deleted) {
        const state = shareState(share, now);
        if (state === 'live') live.push(share.slug);
        else finished.push({ slug: share.slug, reason: state });
      }
      await repository.upsertMany(finished.map((share) => ({ kind, ...share, deleted_at: now })));
      await repository.deleteMany(kind, live);
    },

    /** Why a share that no longer exists went away, when it is remembered. */
    reasonFor: async (kind: ShareKind, slug: string) => (await repository.find(kind, slug))?.reason,

    prune: () => repository.deleteOlderThan(clock.now() - TOMBSTONE_TTL_MS),
  };
}

export type ShareTombstones = ReturnType<typeof createShareTombstones>;
