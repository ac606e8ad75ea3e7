import type { Readable } from 'node:stream';
import {
  ERROR_CODES,
  type Principal,
  THUMBNAIL_MAX_SOURCE_BYTES,
  type ThumbnailKind,
  thumbnailKind,
  tooLargeForThumbnail,
} from '@sharebin/shared';
import type { Logger } from 'pino';
import type sharpType from 'sharp';
import { AppError } from '../../../app/errors';
import { createWorkQueue, WorkQueueFull } from '../../shared/work-queue';
import {
  fsThumbnailBusy,
  fsThumbnailFailed,
  fsThumbnailToolMissing,
  fsThumbnailUnsupported,
} from '../fs.errors';
import type { FsReadUseCases } from '../fs-read.usecases';
import { createFailureMemory } from './failure-memory';
import type { ThumbnailCache } from './thumbnail-cache';
import { findProgram, type ThumbnailTools } from './thumbnail-tools';
import { pdfFirstPage, videoPoster } from './tool-pictures';

/** Pixels a source may have: a bomb of a PNG (tiny file, huge canvas) is refused, not decoded. */
const MAX_INPUT_PIXELS = 100_000_000;

/** sharp (libvips) is loaded on the first thumbnail: a server that makes none never pays for it. */
let sharpModule: Promise<typeof sharpType> | null = null;
const loadSharp = () => {
  sharpModule ??= import('sharp').then((module) => module.default);
  return sharpModule;
};

export interface Thumbnail {
  bytes: Buffer;
  /** Names the picture: the same while the file and the size asked stay the same. */
  etag: string;
}

/** One picture asked for: what it is of, and the program its kind is made with (images: none). */
type Wanted = { principal: Principal; path: string; size: number } & (
  | { kind: 'image'; program: null }
  | { kind: Exclude<ThumbnailKind, 'image'>; program: string }
);

/** The program each kind besides images is made with, and the setting that names it. */
const TOOL_OF = { video: 'ffmpeg', pdf: 'pdftoppm' } as const;

/**
 * Pictures that may wait their turn, per queue: a screenful of several grids at once for images
 * (a few ms each), fewer for videos and PDFs (up to 30 s each). Past that the call is refused
 * as busy (503) rather than left waiting for minutes.
 */
export const THUMBNAIL_MAX_WAITING = { image: 512, tool: 64 } as const;

/** A picture being made, and how many callers still wait for it. */
interface Making {
  bytes: Promise<Buffer>;
  askers: number;
  /** Its turn came: it is made (and kept) even if every caller goes away. */
  started: boolean;
  /** Aborted when every caller went away before its turn: it leaves the queue. */
  abandoned: AbortController;
}

/**
 * Small WebP pictures for the explorer's grid and list, made once per file version and size
 * and kept in the cache; at most `concurrency` images made at once (the rest wait). Images come
 * from the storage's stream (libvips reads it as it comes), never from a source larger than
 * THUMBNAIL_MAX_SOURCE_BYTES; videos (a poster) and PDFs (the first page) through the optional
 * `tools`, one at a time in a queue of their own (a slow video never holds the pictures up), and
 * are refused with `fs.thumbnail_tool_missing` when the program is not there. A file no picture
 * could be made of is not tried again for a while: asking again costs nothing. A picture whose
 * callers all hung up before its turn is not made (a fast scroll, a visitor gone), and a queue
 * already holding THUMBNAIL_MAX_WAITING answers busy.
 */
export function createFsThumbnails({
  read,
  cache,
  tools,
  concurrency,
  logger,
}: {
  read: Pick<FsReadUseCases, 'get' | 'download'>;
  cache: ThumbnailCache;
  tools: ThumbnailTools;
  concurrency: number;
  logger: Logger;
}) {
  const imageQueue = createWorkQueue(concurrency, { maxWaiting: THUMBNAIL_MAX_WAITING.image });
  const toolQueue = createWorkQueue(1, { maxWaiting: THUMBNAIL_MAX_WAITING.tool });
  const failures = createFailureMemory();
  /** One making per picture, however many ask for it at once. */
  const making = new Map<string, Making>();
  /** Each program is looked for once, the first time it is needed. */
  const programs = new Map<keyof typeof TOOL_OF, Promise<string | null>>();
  const programFor = (kind: keyof typeof TOOL_OF) => {
    let program = programs.get(kind);
    if (!program) {
      program = findProgram(tools[TOOL_OF[kind]]);
      programs.set(kind, program);
    }
    return program;
  };

  /** A picture that could not be made (damaged, too many pixels, a tool that failed). */
  const failed = (path: string, error: unknown) => {
    logger.info({ path, err: error }, 'thumbnail failed');
    return fsThumbnailFailed(path);
  };

  /**
   * The picture to shrink: the image's bytes as they come, or the tool's PNG. The storage's
   * own failures (gone, down) are answered as they are.
   */
  async function source(wanted: Wanted): Promise<Readable | Buffer> {
    const { principal, path, size } = wanted;
    if (wanted.kind === 'image') {
      return (await read.download(principal, path, undefined)).object.body;
    }
    const { program } = wanted;
    if (wanted.kind === 'video') {
      // What the storage answered ffmpeg's reads (down, gone) is the answer, not "damaged"; a
      // range past the end is only ffmpeg looking.
      let storageFailure: unknown = null;
      const open = async (range: string | undefined) => {
        try {
          return (await read.download(principal, path, range)).object;
        } catch (error) {
          if (!(error instanceof AppError && error.status === 416)) storageFailure ??= error;
          throw error;
        }
      };
      return videoPoster(program, open, size).catch((error) =>
        Promise.reject(storageFailure ?? failed(path, error)),
      );
    }
    const file = await read.download(principal, path, undefined);
    return pdfFirstPage(program, file.object.body, size).catch((error) =>
      Promise.reject(failed(path, error)),
    );
  }

  async function make(wanted: Wanted): Promise<Buffer> {
    const { path, size } = wanted;
    const sharp = await loadSharp();
    const input = await source(wanted);
    const transformer = sharp({ limitInputPixels: MAX_INPUT_PIXELS, sequentialRead: true })
      .rotate()
      .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 72, effort: 2 });
    if (Buffer.isBuffer(input)) transformer.end(input);
    else {
      input.on('error', (error) => transformer.destroy(error));
      input.pipe(transformer);
    }
    try {
      return await transformer.toBuffer();
    } catch (error) {
      if (!Buffer.isBuffer(input)) input.destroy();
      throw failed(path, error);
    }
  }

  function startMaking(etag: string, wanted: Wanted): Making {
    const queue = wanted.kind === 'image' ? imageQueue : toolQueue;
    const pending: Making = {
      bytes: Promise.resolve(Buffer.alloc(0)),
      askers: 0,
      started: false,
      abandoned: new AbortController(),
    };
    pending.bytes = queue
      .run(() => {
        pending.started = true;
        return make(wanted);
      }, pending.abandoned.signal)
      .then(
        async (made) => {
          // A picture the cache cannot keep (a full disk) is still the answer: made again next time.
          await cache.put(etag, made).catch((error: unknown) => {
            logger.warn({ path: wanted.path, err: error }, 'thumbnail not cached');
          });
          return made;
        },
        (error: unknown) => {
          if (error instanceof WorkQueueFull) throw fsThumbnailBusy(wanted.path);
          const damaged = error instanceof AppError && error.code === ERROR_CODES.fsThumbnailFailed;
          if (damaged) failures.remember(etag);
          throw error;
        },
      )
      .finally(() => {
        if (making.get(etag) === pending) making.delete(etag);
      });
    return pending;
  }

  /**
   * The picture for one caller, who stops waiting as soon as its `signal` aborts. The last
   * caller to go away before the picture's turn takes it out of the queue; one already being
   * made is finished and kept, for whoever asks next.
   */
  function waitFor(etag: string, pending: Making, signal: AbortSignal | undefined) {
    pending.askers++;
    if (!signal) return pending.bytes;
    return new Promise<Buffer>((resolve, reject) => {
      const leave = () => {
        reject(signal.reason);
        pending.askers--;
        if (pending.askers > 0 || pending.started) return;
        // Gone from the map at once: a caller arriving now starts a making of its own.
        if (making.get(etag) === pending) making.delete(etag);
        pending.abandoned.abort(signal.reason);
      };
      if (signal.aborted) return leave();
      signal.addEventListener('abort', leave, { once: true });
      pending.bytes.then(resolve, reject).finally(() => signal.removeEventListener('abort', leave));
    });
  }

  return {
    /** Pictures being made and waiting, per queue (the metrics). */
    get load() {
      return { image: imageQueue.load, tool: toolQueue.load };
    },

    /** `signal`: the caller went away (its picture is then made only if others still wait). */
    async thumbnail(
      principal: Principal,
      path: string,
      size: number,
      signal?: AbortSignal,
    ): Promise<Thumbnail> {
      const entry = await read.get(principal, path);
      const kind = entry.is_directory ? null : thumbnailKind(entry.name);
      if (!kind) throw fsThumbnailUnsupported(path);
      if (tooLargeForThumbnail(kind, entry.size ?? 0)) {
        throw fsThumbnailUnsupported(path, THUMBNAIL_MAX_SOURCE_BYTES);
      }
      let wanted: Wanted;
      if (kind === 'image') wanted = { kind, program: null, principal, path, size };
      else {
        const program = await programFor(kind);
        if (program === null) throw fsThumbnailToolMissing(path, kind, TOOL_OF[kind]);
        wanted = { kind, program, principal, path, size };
      }
      const etag = cache.keyOf(path, entry.etag, entry.modified, entry.size, size);
      const cached = await cache.get(etag);
      if (cached) return { bytes: cached, etag };
      if (failures.failedLately(etag)) throw fsThumbnailFailed(path);
      let pending = making.get(etag);
      if (!pending) {
        pending = startMaking(etag, wanted);
        making.set(etag, pending);
      }
      return { bytes: await waitFor(etag, pending, signal), etag };
    },
  };
}

export type FsThumbnails = ReturnType<typeof createFsThumbnails>;
