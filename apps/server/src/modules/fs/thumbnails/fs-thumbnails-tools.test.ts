import { createReadStream, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  adminWithDocsMount,
  ENGINE_DRIVER_CASES,
  fsKeyWith,
  ok,
  putInto,
  useS3rver,
} from '../../../test/fs-kit';
import { type RequestOptions, uploadForm, useTestServer } from '../../../test/harness';
import { onePagePdf, writeVideo } from '../../../test/media-files';
import type { GetResult } from '../../storage/drivers/storage-driver';
import { parseRange } from '../../storage/object-response';
import { findProgram } from './thumbnail-tools';
import { videoPoster } from './tool-pictures';

/**
 * Video posters (ffmpeg) and PDF first pages (pdftoppm). Both programs are optional: on a
 * machine without them these tests are skipped, unless THUMBNAIL_TOOLS_REQUIRED=1 (CI installs
 * them) makes their absence a failure.
 */
const toolsHere = Boolean((await findProgram('ffmpeg')) && (await findProgram('pdftoppm')));
if (!toolsHere && process.env.THUMBNAIL_TOOLS_REQUIRED === '1') {
  throw new Error('THUMBNAIL_TOOLS_REQUIRED=1 but ffmpeg or pdftoppm is not on the PATH');
}

const work = mkdtempSync(path.join(tmpdir(), 'sharebin-tool-thumbs-'));

/** A test pattern video's bytes. */
function video(name: string, seconds: number, size = '640x360'): Buffer {
  const file = path.join(work, name);
  writeVideo(file, { seconds, size });
  return readFileSync(file);
}

describe.skipIf(!toolsHere).each(ENGINE_DRIVER_CASES)(
  'video and PDF thumbnails on %s over %s storage',
  (engine, driverKind) => {
    const t = useTestServer(engine, { dataDir: mkdtempSync(path.join(work, 'data-')) });
    const s3rver = useS3rver();
    let admin: RequestOptions;

    const put = (folder: string, name: string, bytes: Buffer) =>
      putInto(t, admin, folder, name, bytes);
    const thumbnail = (file: string, size: number, as: RequestOptions = admin) =>
      t.server.app.request(
        `/api/${as.apiKey ? 'user' : 'admin'}/fs/thumbnail?path=${encodeURIComponent(file)}&size=${size}`,
        {
          headers: as.apiKey
            ? { authorization: `ApiKey ${as.apiKey}` }
            : { authorization: `Bearer ${as.token}` },
        },
      );
    const picture = async (response: Response) => {
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/webp');
      return sharp(Buffer.from(await response.arrayBuffer())).metadata();
    };
    const errorOf = async (response: Response) => {
      const body = (await response.json()) as { error: string; details: unknown };
      return { status: response.status, error: body.error, details: body.details };
    };

    beforeEach(async () => {
      ({ admin } = await adminWithDocsMount(t, driverKind, s3rver));
    });

    it("makes a video's poster, and a PDF's first page, at the size asked", async () => {
      await put('/docs/clips', 'pattern.mp4', video('pattern.mp4', 3));
      await put('/docs/papers', 'tall.PDF', onePagePdf(200, 300));
      expect(await picture(await thumbnail('/docs/clips/pattern.mp4', 128))).toMatchObject({
        format: 'webp',
        width: 128,
        height: 72,
      });
      const page = await picture(await thumbnail('/docs/papers/tall.PDF', 256));
      expect([page.width, page.height]).toEqual([171, 256]);
      // The page is the blue rectangle on white: its middle is blue.
      const middle = await sharp(
        Buffer.from(await (await thumbnail('/docs/papers/tall.PDF', 64)).arrayBuffer()),
      )
        .extract({ left: 21, top: 32, width: 1, height: 1 })
        .raw()
        .toBuffer();
      expect(middle[2]).toBeGreaterThan(200);
      expect(middle[0]).toBeLessThan(60);
    });

    it('takes the first frame of a video shorter than a second, and never enlarges', async () => {
      await put('/docs', 'blink.mp4', video('blink.mp4', 0.4, '96x64'));
      expect(await picture(await thumbnail('/docs/blink.mp4', 512))).toMatchObject({
        width: 96,
        height: 64,
      });
    });

    it('refuses a damaged video or PDF, and a playlist posing as a video, fetching nothing', async () => {
      const fetched: string[] = [];
      const outside = createServer((request, response) => {
        fetched.push(request.url ?? '');
        response.end('secret');
      });
      await new Promise<void>((resolve) => outside.listen(0, '127.0.0.1', resolve));
      const { port } = outside.address() as AddressInfo;
      const playlist = `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10.0,\nhttp://127.0.0.1:${port}/secret.ts\n#EXT-X-ENDLIST\n`;
      await put('/docs', 'playlist.mp4', Buffer.from(playlist));
      await put('/docs', 'broken.mov', Buffer.from('not a movie at all'));
      await put('/docs', 'broken.pdf', Buffer.from('%PDF-1.4 and then nothing'));
      try {
        for (const file of ['/docs/playlist.mp4', '/docs/broken.mov', '/docs/broken.pdf']) {
          expect(await errorOf(await thumbnail(file, 128))).toMatchObject({
            status: 422,
            error: 'fs.thumbnail_failed',
          });
        }
        expect(fetched).toEqual([]);
      } finally {
        outside.close();
      }
    });

    it('holds a key to its base path', async () => {
      await put('/docs/mine', 'a.mp4', video('a.mp4', 1, '64x64'));
      await put('/docs/theirs', 'b.pdf', onePagePdf(100, 100));
      const key = await fsKeyWith(t, admin, { basic_path: '/docs/mine', mount_read_only: true });
      expect((await thumbnail('/docs/mine/a.mp4', 64, key)).status).toBe(200);
      expect((await thumbnail('/docs/theirs/b.pdf', 64, key)).status).toBe(403);
    });
  },
);

describe('without the programs', () => {
  const t = useTestServer('sqlite', {
    thumbnailTools: { ffmpeg: 'off', pdftoppm: path.join(work, 'no-such-pdftoppm') },
  });
  const s3rver = useS3rver();
  let admin: RequestOptions;
  beforeEach(async () => {
    ({ admin } = await adminWithDocsMount(t, 'local', s3rver));
  });

  it('answers 415 fs.thumbnail_tool_missing, naming the program', async () => {
    for (const [name, tool] of [
      ['clip.mp4', 'ffmpeg'],
      ['paper.pdf', 'pdftoppm'],
    ] as const) {
      await ok(
        t.request(
          'POST',
          '/api/admin/fs/upload',
          uploadForm(Buffer.from('x'), name, { path: '/docs' }),
          admin,
        ),
        201,
      );
      const response = await t.server.app.request(
        `/api/admin/fs/thumbnail?path=/docs/${name}&size=64`,
        { headers: { authorization: `Bearer ${admin.token}` } },
      );
      expect(response.status).toBe(415);
      const body = (await response.json()) as { error: string; details: { tool: string } };
      expect(body.error).toBe('fs.thumbnail_tool_missing');
      expect(body.details.tool).toBe(tool);
    }
  });
});

describe.skipIf(!toolsHere)('a video poster', () => {
  it('is made from a small part of the file, even with its index at the end', async () => {
    // 10 s of noise, lossless: about 30 MB, one key frame, the index (moov) written last.
    const file = path.join(work, 'noise.mp4');
    writeVideo(file, { seconds: 10, noise: true });
    const size = statSync(file).size;
    let served = 0;
    const open = async (rangeHeader: string | undefined): Promise<GetResult> => {
      const range = parseRange(rangeHeader, size) ?? { start: 0, end: size - 1 };
      const body = createReadStream(file, range);
      body.on('data', (chunk) => {
        served += chunk.length;
      });
      return {
        body,
        info: { key: 'noise.mp4', size, etag: null, lastModified: null, contentType: null },
        ...(rangeHeader ? { range: { ...range, total: size } } : {}),
      };
    };
    const poster = await videoPoster('ffmpeg', open, 128);
    expect(await sharp(poster).metadata()).toMatchObject({ format: 'png', width: 128, height: 96 });
    expect(size).toBeGreaterThan(20_000_000);
    // About a quarter on a quiet machine: the frames up to 1 s, the index, and what the loopback
    // socket had buffered of reads ffmpeg closed when it seeked. That last part grows with the
    // machine's load (the kernel's buffers fill before the close is seen: 0.52 once on a busy
    // two-core machine), so the bound is loose; a source without ranges would read it all (1.0+).
    expect(served / size).toBeLessThan(0.75);
  });
});
