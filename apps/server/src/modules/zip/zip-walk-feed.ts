import type { Principal } from '@sharebin/shared';
import type { FsLocator } from '../fs/fs-locator.usecases';
import {
  archiveFileName,
  type FoundEntry,
  PLANNING_PACE,
  planOf,
  type WalkPace,
  walkArchive,
  type ZipFailure,
  type ZipPlan,
} from './zip-plan';

/**
 * Within both budgets a direct zip is planned in memory (exact Content-Length, ranges); past
 * either it streams. Budgets count work, not time, so the same paths always get the same kind of
 * answer. 10,000 entries fit the memory target; 64 folders are 8 S3 round trips (first byte <1 s).
 */
export const ZIP_INLINE_PLAN_ENTRIES = 10_000;
export const ZIP_INLINE_PLAN_FOLDERS = 64;

export interface InlinePlanBudget {
  /** Entries (files and folders) the walk may find. */
  entries: number;
  /** Folders among them, each listed by the walk. */
  folders: number;
}

/**
 * Streaming, the walk lists one folder at a time behind a short queue so entries die young: with
 * eight listings and a queue of 1,000 nearly all were promoted (+100 MB garbage between full GCs).
 */
const STREAM_QUEUE_ENTRIES = 250;

/** A walk still under way while its archive streams (a direct archive past its budget). */
export interface StreamedWalk {
  fileName: string;
  /** The entries found, a batch at a time as they come; throws what the walk throws. */
  batches(): AsyncGenerator<FoundEntry[]>;
  /** What the walk could not include; complete once `batches` has ended. */
  failures(): ZipFailure[];
  /** Stops the walk (the client left, or the stream ended); a walk paused for room ends. */
  stop(): void;
}

/** Collecting, the walk never waits; streaming, it waits while the writer lags by the queue. */
class WalkFeed {
  private found: FoundEntry[] = [];
  private folders = 0;
  private streaming = false;
  private ended: { failures: ZipFailure[] } | null = null;
  private failed: { error: unknown } | null = null;
  private room: Promise<void> | null = null;
  private openRoom = () => {};
  private wakeWriter = () => {};
  /** Told once, when the walk goes past the budget. */
  onStreaming = () => {};
  /** The walk's pace: as fast as it can within the budget, at the writer's once streaming. */
  readonly pace: WalkPace = { ...PLANNING_PACE };

  constructor(
    private readonly budget: InlinePlanBudget,
    private readonly signal: AbortSignal,
  ) {
    signal.addEventListener('abort', () => this.makeRoom(), { once: true });
  }

  /** The walk's `found`. */
  add = async (entry: FoundEntry) => {
    this.signal.throwIfAborted();
    this.found.push(entry);
    if (entry.isDirectory) this.folders++;
    this.wakeWriter();
    if (
      !this.streaming &&
      (this.found.length > this.budget.entries || this.folders > this.budget.folders)
    ) {
      this.startStreaming();
    }
    while (this.streaming && this.found.length >= STREAM_QUEUE_ENTRIES) {
      this.room ??= new Promise((resolve) => {
        this.openRoom = resolve;
      });
      await this.room;
      this.signal.throwIfAborted();
    }
  };

  private startStreaming() {
    if (this.streaming) return;
    this.streaming = true;
    this.pace.listings = 1;
    this.onStreaming();
  }

  follow(walking: Promise<{ failures: ZipFailure[] }>) {
    walking.then(
      (walked) => {
        this.ended = walked;
        this.wakeWriter();
      },
      (error: unknown) => {
        this.failed = { error };
        this.wakeWriter();
      },
    );
  }

  /** Everything found (a walk that ended within its budget). */
  all = () => this.found;

  failures = () => this.ended?.failures ?? [];

  async *batches(): AsyncGenerator<FoundEntry[]> {
    for (;;) {
      if (this.failed) throw this.failed.error;
      if (this.found.length > 0) {
        const batch = this.found;
        this.found = [];
        this.makeRoom();
        yield batch;
      } else if (this.ended) return;
      else {
        await new Promise<void>((resolve) => {
          this.wakeWriter = resolve;
        });
      }
    }
  }

  private makeRoom() {
    this.openRoom();
    this.room = null;
  }
}

/** The plan, or the still-running walk; 403/404/too-many errors are thrown before any answer. */
export async function planWithinBudget(
  request: { locator: FsLocator; principal: Principal; paths: string[]; maxEntries?: number },
  budget: InlinePlanBudget,
): Promise<{ plan: ZipPlan } | { walk: StreamedWalk }> {
  const stopper = new AbortController();
  const feed = new WalkFeed(budget, stopper.signal);
  const fileName = archiveFileName(request.paths);
  const walking = walkArchive({ ...request, signal: stopper.signal, pace: feed.pace }, feed.add);
  feed.follow(walking);
  const streamed = await new Promise<boolean>((resolve, reject) => {
    feed.onStreaming = () => resolve(true);
    walking.then(() => resolve(false), reject);
  });
  if (!streamed) {
    const { failures } = await walking;
    return { plan: planOf(feed.all(), failures, fileName) };
  }
  return {
    walk: {
      fileName,
      batches: () => feed.batches(),
      failures: feed.failures,
      stop: () => stopper.abort(),
    },
  };
}
