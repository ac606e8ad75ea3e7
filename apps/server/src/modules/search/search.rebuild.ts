import type { Clock } from '../shared/clock';
import { entryPath, type IndexEntry } from './search.models';
import type { EntryRow, SearchQueries, SearchRepository } from './search.repository';

/** Entries written per round trip while a rebuild reads its listing. */
const REBUILD_BATCH = 1_000;

/** Then taken for dead; a 1,000-entry batch is seconds of listing even on slow storage. */
export const REBUILD_STALE_AFTER_MS = 5 * 60_000;

export class RebuildSupersededError extends Error {
  constructor(mountId: string) {
    super(`A later rebuild of the search index of mount ${mountId} took over`);
    this.name = 'RebuildSupersededError';
  }
}

export interface RebuildOptions {
  /** Told the number of entries written so far, after each batch. */
  onProgress?: (entries: number) => void;
}

type Listing = AsyncIterable<IndexEntry> | Iterable<IndexEntry>;

/**
 * Fills a new generation and swaps in one update, so the index is never empty or half-built;
 * claims in `search_mount_state` keep two instances from rebuilding one mount.
 */
export function createSearchRebuild({
  repository,
  clock,
  rowsFor,
  ancestorFolders,
}: {
  repository: SearchRepository;
  clock: Clock;
  rowsFor: (
    mountId: string,
    generations: number[],
    entries: IndexEntry[],
    now: number,
  ) => EntryRow[];
  ancestorFolders: (paths: string[]) => IndexEntry[];
}) {
  /** Writes one batch (and the folders it implies, once each) into the new generation. */
  const writeBatch = async (
    repo: SearchQueries,
    mountId: string,
    generation: number,
    batch: IndexEntry[],
    knownFolders: Set<string>,
  ) => {
    const now = clock.now();
    const implied = ancestorFolders(batch.map((entry) => entry.path)).filter(
      (folder) => !knownFolders.has(folder.path),
    );
    for (const folder of implied) knownFolders.add(folder.path);
    // Concurrent writes through Sharebin reach this generation too, and win.
    await repo.putEntries(rowsFor(mountId, [generation], batch, now), { overwrite: false });
    await repo.putEntries(rowsFor(mountId, [generation], implied, now), { overwrite: false });
  };

  /** Fills the claimed `generation` from `listing`, then makes it the live one. */
  async function fill(
    mountId: string,
    generation: number,
    listing: Listing,
    { onProgress }: RebuildOptions,
  ): Promise<{ entries: number }> {
    let written = 0;
    try {
      const knownFolders = new Set<string>();
      let batch: IndexEntry[] = [];
      const flush = async () => {
        // One transaction a batch: one commit for its rows, their index and the progress.
        await repository.transaction(async (repo) => {
          if (!(await repo.isBuilding(mountId, generation)))
            throw new RebuildSupersededError(mountId);
          await writeBatch(repo, mountId, generation, batch, knownFolders);
          await repo.updateBuilding(mountId, generation, {
            rebuild_entries: written + batch.length,
            rebuild_progress_at: clock.now(),
          });
        });
        written += batch.length;
        batch = [];
        onProgress?.(written);
      };
      for await (const entry of listing) {
        batch.push({ ...entry, path: entryPath(entry.path) });
        if (batch.length >= REBUILD_BATCH) await flush();
      }
      if (batch.length > 0) await flush();
      // The swap: queries read the new generation from the next one on.
      const swapped = await repository.updateBuilding(mountId, generation, {
        live_generation: generation,
        building_generation: null,
        rebuild_entries: written,
        rebuilt_at: clock.now(),
      });
      if (!swapped) throw new RebuildSupersededError(mountId);
    } catch (error) {
      // Recorded only while this rebuild still holds the mount (not when another took over).
      await repository.updateBuilding(mountId, generation, {
        building_generation: null,
        rebuild_error: error instanceof Error ? error.message : String(error),
      });
      await repository.deleteGenerations(mountId, { exactly: generation });
      throw error;
    }
    // Nobody reads the older generations any more; clear them after the swap, not inside it.
    await repository.deleteGenerations(mountId, { below: generation });
    await repository.compactIndexes();
    return { entries: written };
  }

  const claim = (mountId: string, takeOver: boolean) => {
    const now = clock.now();
    return repository.claimRebuild(mountId, {
      now,
      staleBefore: now - REBUILD_STALE_AFTER_MS,
      takeOver,
    });
  };

  return {
    /** Rebuilds now; a rebuild of the mount running elsewhere is superseded (and fails). */
    async rebuild(
      mountId: string,
      listing: Listing,
      options: RebuildOptions = {},
    ): Promise<{ entries: number }> {
      const generation = (await claim(mountId, true)) as number;
      return fill(mountId, generation, listing, options);
    },

    /** Null when a rebuild on any instance holds the mount. */
    async claimRebuild(mountId: string) {
      const generation = await claim(mountId, false);
      if (generation === null) return null;
      return {
        run: (listing: Listing, options: RebuildOptions = {}) =>
          fill(mountId, generation, listing, options),
      };
    },

    /** How a mount's index stands, as every instance sees it. */
    async rebuildStatus(mountId: string) {
      const state = await repository.findState(mountId);
      const progressAt = state?.rebuild_progress_at ?? null;
      const alive =
        progressAt !== null && Number(progressAt) >= clock.now() - REBUILD_STALE_AFTER_MS;
      return {
        rebuilding: state?.building_generation != null && alive,
        entries: state?.rebuild_entries ?? 0,
        rebuiltAt: state?.rebuilt_at ?? null,
        /** The last rebuild's last step, finished or not (a failed one keeps its time here). */
        lastActiveAt: progressAt === null ? null : Number(progressAt),
        error: state?.rebuild_error ?? null,
      };
    },
  };
}
