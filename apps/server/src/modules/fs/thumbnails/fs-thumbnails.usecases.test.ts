import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FsEntry } from '@sharebin/shared';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../app/errors';
import type { GetResult } from '../../storage/drivers/storage-driver';
import { createFsThumbnails } from './fs-thumbnails.usecases';
import { createThumbnailCache } from './thumbnail-cache';
import { findProgram } from './thumbnail-tools';

const ffmpegHere = Boolean(await findProgram('ffmpeg'));
const admin = { kind: 'admin', adminId: 'a1' } as never;

/** Thumbnails over a storage of one file whose version and read the test decides. */
function thumbnailsOf(name: string, download: () => Promise<GetResult>) {
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
    cache: createThumbnailCache({
      dir: mkdtempSync(path.join(tmpdir(), 'sharebin-thumbs-unit-')),
      maxBytes: 1024 * 1024,
    }),
    tools: { ffmpeg: 'ffmpeg', pdftoppm: 'off' },
    concurrency: 2,
    logger: pino({ level: 'silent' }),
  });
  return { thumbnails, file };
}

const garbage = async (): Promise<GetResult> => ({
  body: Readable.from([Buffer.from('not a picture, not a video')]),
  info: { key: 'k', size: 26, etag: null, lastModified: null, contentType: null },
});

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
