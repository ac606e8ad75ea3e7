import { isThumbnailable, type Principal } from '@sharebin/shared';
import type { Logger } from 'pino';
import type sharpType from 'sharp';
import { createWorkQueue } from '../../shared/work-queue';
import { fsThumbnailFailed, fsThumbnailUnsupported } from '../fs.errors';
import type { FsReadUseCases } from '../fs-read.usecases';
import type { ThumbnailCache } from './thumbnail-cache';

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

/**
 * Small WebP pictures of image files for the explorer's grid and list, made once per file
 * version and size and kept in the cache; at most `concurrency` made at once (the rest wait),
 * each from the storage's stream (libvips reads it as it comes), never from a source larger
 * than `maxSourceBytes`.
 */
export function createFsThumbnails({
  read,
  cache,
  maxSourceBytes,
  concurrency,
  logger,
}: {
  read: Pick<FsReadUseCases, 'get' | 'download'>;
  cache: ThumbnailCache;
  maxSourceBytes: number;
  concurrency: number;
  logger: Logger;
}) {
  const queue = createWorkQueue(concurrency);
  /** One making per picture, however many ask for it at once. */
  const making = new Map<string, Promise<Buffer>>();

  async function make(principal: Principal, path: string, size: number): Promise<Buffer> {
    const sharp = await loadSharp();
    const file = await read.download(principal, path, undefined);
    const transformer = sharp({ limitInputPixels: MAX_INPUT_PIXELS, sequentialRead: true })
      .rotate()
      .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 72, effort: 2 });
    const source = file.object.body;
    source.on('error', (error) => transformer.destroy(error));
    source.pipe(transformer);
    try {
      return await transformer.toBuffer();
    } catch (error) {
      source.destroy();
      logger.info({ path, err: error }, 'thumbnail failed');
      throw fsThumbnailFailed(path);
    }
  }

  return {
    async thumbnail(principal: Principal, path: string, size: number): Promise<Thumbnail> {
      const entry = await read.get(principal, path);
      if (entry.is_directory || !isThumbnailable(entry.name)) throw fsThumbnailUnsupported(path);
      if ((entry.size ?? 0) > maxSourceBytes) throw fsThumbnailUnsupported(path, maxSourceBytes);
      const etag = cache.keyOf(path, entry.etag, entry.modified, entry.size, size);
      const cached = await cache.get(etag);
      if (cached) return { bytes: cached, etag };
      let pending = making.get(etag);
      if (!pending) {
        pending = queue
          .run(() => make(principal, path, size))
          .then(async (bytes) => {
            await cache.put(etag, bytes);
            return bytes;
          })
          .finally(() => making.delete(etag));
        making.set(etag, pending);
      }
      return { bytes: await pending, etag };
    },
  };
}

export type FsThumbnails = ReturnType<typeof createFsThumbnails>;
