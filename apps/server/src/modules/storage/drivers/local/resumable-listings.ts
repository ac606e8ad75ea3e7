import type { Clock } from '../../../shared/clock';
import type { ListEntry } from './local-files';

/** Listings kept for their next page at most; the oldest goes first. */
const MAX_KEPT = 16;
/** How long a listing waits for its next page. */
const KEPT_MS = 30_000;

interface KeptListing {
  walk: AsyncGenerator<ListEntry>;
  /** The entry read past the end of the page before: the next page's first. */
  first: ListEntry;
  expiresAt: number;
}

/**
 * Listings of a local storage paused at the end of a page, each taken back by the cursor that
 * page answered. A page then goes on from where its walk stopped instead of reading and sorting
 * its folders again: paging through a folder of 10,000 files 100 at a time reads it once, not a
 * hundred times. A listing resumed this way goes on from the folders as its first page read
 * them: a file or folder deleted since is left out (each is looked at as its page is made), one
 * added since shows in a listing begun after it. A first page (no cursor) always reads anew.
 */
export class ResumableListings {
  private readonly kept = new Map<string, KeptListing>();
  private sweep: NodeJS.Timeout | null = null;

  constructor(private readonly clock: Clock) {}

  /** The walk paused at `cursor`, with its first entry; it is no longer kept. */
  take(
    prefix: string,
    delimiter: boolean,
    cursor: string,
  ): { walk: AsyncGenerator<ListEntry>; first: ListEntry } | undefined {
    const key = keyOf(prefix, delimiter, cursor);
    const kept = this.kept.get(key);
    if (!kept) return undefined;
    this.kept.delete(key);
    if (kept.expiresAt <= this.clock.now()) {
      void kept.walk.return(undefined);
      return undefined;
    }
    return kept;
  }

  /** Keeps `walk` for the page after `cursor`, which starts with `first`. */
  keep(
    prefix: string,
    delimiter: boolean,
    cursor: string,
    walk: AsyncGenerator<ListEntry>,
    first: ListEntry,
  ): void {
    const key = keyOf(prefix, delimiter, cursor);
    this.drop(key);
    const now = this.clock.now();
    for (const [oldKey, old] of this.kept) {
      if (this.kept.size < MAX_KEPT && old.expiresAt > now) break;
      this.drop(oldKey);
    }
    this.kept.set(key, { walk, first, expiresAt: now + KEPT_MS });
    this.sweepLater();
  }

  /** Once listing stops, what waits is let go when it expires, not at the next listing. */
  private sweepLater(): void {
    if (this.sweep) return;
    this.sweep = setTimeout(() => {
      this.sweep = null;
      const now = this.clock.now();
      for (const [key, kept] of this.kept) if (kept.expiresAt <= now) this.drop(key);
      if (this.kept.size > 0) this.sweepLater();
    }, KEPT_MS);
    this.sweep.unref();
  }

  private drop(key: string): void {
    const kept = this.kept.get(key);
    if (!kept) return;
    this.kept.delete(key);
    void kept.walk.return(undefined);
  }
}

const keyOf = (prefix: string, delimiter: boolean, cursor: string) =>
  JSON.stringify([delimiter, prefix, cursor]);
