import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FsEntry } from '@sharebin/shared';
import pino from 'pino';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../app/errors';
import { eventually } from '../../../test/eventually';
import type { GetResult } from '../../storage/drivers/storage-driver';
import { createFsThumbnails, THUMBNAIL_MAX_WAITING } from './fs-thumbnails.usecases';
import { createThumbnailCache } from './thumbnail-cache';
import { findProgram } from './thumbnail-tools';

const ffmpegHere = Boolean(await findProgram('ffmpeg'));
const admin = { kind: 'admin', adminId: 'a1' } as never;

/** Thumbnails over a storage of one file whose version and read the test decides. */
function thumbnailsOf(
  name: string,
  download: () => Promise<GetResult>,
  cache = createThumbnailCache({
    dir: mkdtempSync(path.join(tmpdir(), 'sharebin-thumbs-unit-')),
    maxBytes: 1024 * 1024,
  }),
) {
  const file = { version: 'v1', downloads: 0 };
  const thumbnails = createFsThumbnails({
    read: {
      get: async (_principal, filePath) =>
        ({
          name,
          path: filePath,
          is_directory: false,
          size: 24,
          modified: null,
          etag: file.version,
        }) as FsEntry,
      download: async () => {
        file.downloads++;
        return {
          object: await download(),
          name,
          contentType: 'application/octet-stream',
          modified: null,
        };
      },
    },
    cache,
    tools: { ffmpeg: 'ffmpeg', pdftoppm: 'off' },
    concurrency: 2,
    logger: pino({ level: 'silent' }),
  });
  return { thumbnails, file };
}

/** A storage's answer of `bytes`. */
const stored = (bytes: Buffer): GetResult => ({
  body: Readable.from([bytes]),
  info: { key: 'k', size: bytes.length, etag: null, lastModified: null, contentType: null },
});

const garbage = async () => stored(Buffer.from('not a picture, not a video'));

/** A plain PNG of `width` × `height`. */
const pngOf = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'made',
    (error: unknown) => (error instanceof AppError ? error.code : String(error)),
  );

describe('thumbnails that cannot be made', () => {
  it('are not tried again while the file is unchanged, and are once it changes', async () => {
    const { thumbnails, file } = thumbnailsOf('broken.jpg', garbage);
    expect(await codeOf(thumbnails.thumbnail(admin, '/docs/broken.jpg', 128))).toBe(
      'fs.thumbnail_failed',
    );
    expect(await codeOf(thumbnails.thumbnail(admin, '/docs/broken.jpg', 128))).toBe(
      'fs.thumbnail_failed',
    );
    expect(file.downloads).toBe(1);
    file.version = 'v2';
    await codeOf(thumbnails.thumbnail(admin, '/docs/broken.jpg', 128));
    expect(file.downloads).toBe(2);
  });

  it.skipIf(!ffmpegHere)(
    "answer a storage's failure during a poster as it is, and try again after it",
    async () => {
      const down = () => Promise.reject(new AppError(503, 'fs.storage_down', 'down'));
      const { thumbnails, file } = thumbnailsOf('clip.mp4', down);
      expect(await codeOf(thumbnails.thumbnail(admin, '/docs/clip.mp4', 128))).toBe(
        'fs.storage_down',
      );
      expect(await codeOf(thumbnails.thumbnail(admin, '/docs/clip.mp4', 128))).toBe(
        'fs.storage_down',
      );
      expect(file.downloads).toBeGreaterThanOrEqual(2);
    },
  );
});

describe('the queue of pictures to make', () => {
  /** Downloads that hang until `open()`: the first two hold both places of the image queue. */
  function heldStorage() {
    let open: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const made = thumbnailsOf('photo.jpg', async () => {
      await gate;
      return garbage();
    });
    return { ...made, open };
  }
  it('does not make a picture whose every caller went away before its turn', async () => {
    const { thumbnails, file, open } = heldStorage();
    const running = [1, 2].map((n) => codeOf(thumbnails.thumbnail(admin, `/docs/${n}.jpg`, 128)));
    await eventually(() => expect(thumbnails.load.image).toEqual({ running: 2, waiting: 0 }));
    const gone = new AbortController();
    const abandoned = codeOf(thumbnails.thumbnail(admin, '/docs/3.jpg', 128, gone.signal));
    const wanted = new AbortController();
    const shared = [gone.signal, wanted.signal, undefined].map((signal) =>
      codeOf(thumbnails.thumbnail(admin, '/docs/4.jpg', 128, signal)),
    );
    await eventually(() => expect(thumbnails.load.image).toEqual({ running: 2, waiting: 2 }));
    gone.abort(new Error('client gone'));
    wanted.abort(new Error('client gone'));
    expect(await abandoned).toBe('Error: client gone');
    expect(thumbnails.load.image).toEqual({ running: 2, waiting: 1 });
    // Callers gone stop waiting at once, even for a picture others still wait for.
    expect(await Promise.all(shared.slice(0, 2))).toEqual(Array(2).fill('Error: client gone'));
    open();
    // 4.jpg still had a caller: it is made (and fails, as garbage), and that caller answered.
    expect(await Promise.all([...running, shared[2]])).toEqual(
      Array(3).fill('fs.thumbnail_failed'),
    );
    expect(file.downloads).toBe(3);
    // Asked for again, 3.jpg is made: its abandonment left nothing behind.
    expect(await codeOf(thumbnails.thumbnail(admin, '/docs/3.jpg', 128))).toBe(
      'fs.thumbnail_failed',
    );
    expect(file.downloads).toBe(4);
  });

  it('answers busy past the waiting list, and makes the picture once there is room', async () => {
    const { thumbnails, file, open } = heldStorage();
    const queued = Array.from({ length: 2 + THUMBNAIL_MAX_WAITING.image }, (_, n) =>
      codeOf(thumbnails.thumbnail(admin, `/docs/${n}.jpg`, 128)),
    );
    await eventually(() => expect(thumbnails.load.image.waiting).toBe(THUMBNAIL_MAX_WAITING.image));
    const refused = await thumbnails.thumbnail(admin, '/docs/late.jpg', 128).catch((e) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 503, code: 'fs.thumbnail_busy' });
    expect(refused.headers).toEqual({ 'Retry-After': '5' });
    open();
    await Promise.all(queued);
    const downloads = file.downloads;
    expect(await codeOf(thumbnails.thumbnail(admin, '/docs/late.jpg', 128))).toBe(
      'fs.thumbnail_failed',
    );
    expect(file.downloads).toBe(downloads + 1);
  });
});

describe('a cache that cannot keep a picture (a full disk)', () => {
  it('still answers the picture, made again next time', async () => {
    const png = await pngOf(40, 30);
    const cache = createThumbnailCache({
      dir: mkdtempSync(path.join(tmpdir(), 'sharebin-thumbs-full-')),
      maxBytes: 1024 * 1024,
    });
    cache.put = () => Promise.reject(Object.assign(new Error('no space'), { code: 'ENOSPC' }));
    const { thumbnails, file } = thumbnailsOf('blue.png', async () => stored(png), cache);
    for (const _ of [1, 2]) {
      const picture = await thumbnails.thumbnail(admin, '/docs/blue.png', 64);
      expect(await sharp(picture.bytes).metadata()).toMatchObject({
        format: 'webp',
        width: 40,
        height: 30,
      });
    }
    expect(file.downloads).toBe(2);
  });
});

describe('a picture whose callers all go away once it is being made', () => {
  it('is finished and kept: the next caller gets it from the cache', async () => {
    const png = await pngOf(20, 20);
    let open: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const { thumbnails, file } = thumbnailsOf('red.png', async () => {
      await gate;
      return stored(png);
    });
    const gone = new AbortController();
    const first = codeOf(thumbnails.thumbnail(admin, '/docs/red.png', 64, gone.signal));
    await eventually(() => expect(file.downloads).toBe(1));
    gone.abort(new Error('client gone'));
    expect(await first).toBe('Error: client gone');
    // Back before the picture is done: the making under way is joined, not started again.
    const again = thumbnails.thumbnail(admin, '/docs/red.png', 64);
    open();
    expect((await again).bytes.length).toBeGreaterThan(0);
    expect(file.downloads).toBe(1);
    expect(thumbnails.load.image).toEqual({ running: 0, waiting: 0 });
  });
});
