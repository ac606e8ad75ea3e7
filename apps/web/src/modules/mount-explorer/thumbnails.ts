import {
  ERROR_CODES,
  type FsEntry,
  type ThumbnailKind,
  thumbnailKind,
  tooLargeForThumbnail,
} from '@sharebin/shared';
import { apiBlob } from '../../app/api-client';
import { fsBase } from './fs.api';

/**
 * Object URLs kept: enough for a few screens of a grid; past it the least recently asked for
 * that no row shows are revoked.
 */
export const KEPT = 600;

/**
 * Kinds the server said it lacks the program for (no ffmpeg: no video posters): asked no more
 * until the page is loaded again, so a folder of 10,000 videos does not ask 10,000 times.
 */
const kindsWithoutTool = new Set<ThumbnailKind>();

/** What a thumbnail is asked for by: an entry of the explorer's listing or of a share's. */
export type ThumbnailEntry = Pick<
  FsEntry,
  'name' | 'path' | 'size' | 'is_directory' | 'modified'
> & {
  etag?: string | null;
};

/** Where thumbnails are asked for: the explorer's file system API, or a folder share's. */
export interface ThumbnailSource {
  /** Names the source among the pictures kept (two shares may hold the same path). */
  id: string;
  /** The call that answers `entry`'s picture at `size`. */
  call: (
    entry: ThumbnailEntry,
    size: number,
  ) => { path: string; query: Record<string, string | number>; auth: 'session' | 'none' };
}

/** The signed-in user's mounts. */
export const explorerThumbnails: ThumbnailSource = {
  id: 'fs',
  call: (entry, size) => ({
    path: `${fsBase()}/thumbnail`,
    query: { path: entry.path, size },
    auth: 'session',
  }),
};

/** Whether the server makes a thumbnail of an entry (any listing's: the explorer's, a share's). */
export const hasThumbnail = (entry: Pick<FsEntry, 'name' | 'size' | 'is_directory'>) => {
  const kind = entry.is_directory ? null : thumbnailKind(entry.name);
  return (
    kind !== null && !tooLargeForThumbnail(kind, entry.size ?? 0) && !kindsWithoutTool.has(kind)
  );
};

/** A picture fetched or on its way, and the rows still waiting for it. */
interface Picture {
  url: Promise<string | null>;
  waiting: number;
  settled: boolean;
  abort: AbortController;
}

/** Pictures already fetched, by file version and size: a scroll back shows them at once. */
const pictures = new Map<string, Picture>();

/**
 * How long a picture the server was too busy to make waits before it is asked for again (its
 * Retry-After), plus up to BUSY_RETRY_SPREAD_MS at random: the pictures refused together do not
 * all come back at once.
 */
export const BUSY_RETRY_MS = 5_000;
export const BUSY_RETRY_SPREAD_MS = 2_000;

/** Resolves after `ms`, or rejects as soon as `signal` aborts. */
const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const stop = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    signal.addEventListener('abort', stop, { once: true });
  });

/**
 * The thumbnail's bytes (null: the server makes none). A server too busy (its queue full) is
 * asked again after a while, for as long as a row waits for the picture.
 */
async function thumbnailBlob(
  source: ThumbnailSource,
  entry: ThumbnailEntry,
  size: number,
  signal: AbortSignal,
) {
  for (;;) {
    let busy = false;
    const { path, query, auth } = source.call(entry, size);
    const blob = await apiBlob(path, {
      query,
      auth,
      signal,
      onRefused: (code) => {
        const kind = thumbnailKind(entry.name);
        if (code === ERROR_CODES.fsThumbnailToolMissing && kind) kindsWithoutTool.add(kind);
        busy = code === ERROR_CODES.fsThumbnailBusy;
      },
    });
    if (!busy) return blob;
    await pause(BUSY_RETRY_MS + Math.random() * BUSY_RETRY_SPREAD_MS, signal);
  }
}

function fetchPicture(
  key: string,
  source: ThumbnailSource,
  entry: ThumbnailEntry,
  size: number,
): Picture {
  const abort = new AbortController();
  const picture: Picture = { url: Promise.resolve(null), waiting: 0, settled: false, abort };
  picture.url = thumbnailBlob(source, entry, size, abort.signal)
    .then((blob) => (blob ? URL.createObjectURL(blob) : null))
    .catch(() => {
      if (pictures.get(key) === picture) pictures.delete(key);
      return null;
    })
    .finally(() => {
      picture.settled = true;
    });
  return picture;
}

/**
 * An object URL of an entry's thumbnail from `source` (null: none), fetched once per file
 * version and size. Past KEPT, the least recently asked that no row shows go (their URLs
 * revoked). When `signal` aborts (the row
 * scrolled away) and no other row waits for a picture still on its way, its request is
 * cancelled: a fast scroll leaves no queue of pictures nobody will see.
 */
export function thumbnailUrl(
  entry: ThumbnailEntry,
  size: number,
  signal?: AbortSignal,
  source: ThumbnailSource = explorerThumbnails,
): Promise<string | null> {
  const key = [source.id, entry.path, entry.etag ?? '', entry.modified ?? '', size].join('\n');
  let picture = pictures.get(key);
  if (picture) pictures.delete(key);
  else picture = fetchPicture(key, source, entry, size);
  pictures.set(key, picture);
  const asked = picture;
  // A row already gone does not count as waiting: nothing would ever take it back.
  if (!signal?.aborted) asked.waiting++;
  signal?.addEventListener(
    'abort',
    () => {
      asked.waiting--;
      if (asked.waiting > 0 || asked.settled) return;
      asked.abort.abort();
      if (pictures.get(key) === asked) pictures.delete(key);
    },
    { once: true },
  );
  for (const [oldKey, oldPicture] of pictures) {
    if (pictures.size <= KEPT) break;
    // A picture a row still shows (or waits for) stays: its URL must not be revoked under it.
    if (oldPicture.waiting > 0) continue;
    pictures.delete(oldKey);
    void oldPicture.url.then((url) => url && URL.revokeObjectURL(url));
  }
  return asked.url;
}

/** Pictures that came in during a frame are shown together, in one render. */
const arrived: (() => void)[] = [];

/**
 * Runs `show` at the next frame, with every other picture that arrives before it: their state
 * changes, made in one callback, are one render (React batches them).
 */
export function showAtNextFrame(show: () => void): void {
  arrived.push(show);
  if (arrived.length > 1) return;
  requestAnimationFrame(() => {
    for (const run of arrived.splice(0)) run();
  });
}
