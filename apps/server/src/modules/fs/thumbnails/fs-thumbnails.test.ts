import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { filesUnder } from '../../../test/files-under';
import {
  adminWithDocsMount,
  ENGINE_DRIVER_CASES,
  fsKeyWith,
  ok,
  putInto,
  useS3rver,
} from '../../../test/fs-kit';
import { type RequestOptions, useTestServer } from '../../../test/harness';

/** A PNG whose header claims 30,000 × 30,000 pixels: tiny on disk, a bomb if decoded. */
function pixelBomb(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(30_000, 0);
  header.writeUInt32BE(30_000, 4);
  header.set([8, 0, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe.each(ENGINE_DRIVER_CASES)('thumbnails on %s over %s storage', (engine, driverKind) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sharebin-thumbs-'));
  const t = useTestServer(engine, { dataDir });
  const s3rver = useS3rver();
  let admin: RequestOptions;

  const put = (folder: string, name: string, bytes: Buffer, type?: string) =>
    putInto(t, admin, folder, name, bytes, type);
  const thumbnail = (
    file: string,
    size?: number,
    headers: Record<string, string> = {},
    as = admin,
  ) =>
    t.server.app.request(
      `/api/${as.apiKey ? 'user' : 'admin'}/fs/thumbnail?path=${encodeURIComponent(file)}${size ? `&size=${size}` : ''}`,
      {
        headers: {
          ...headers,
          ...(as.apiKey
            ? { authorization: `ApiKey ${as.apiKey}` }
            : { authorization: `Bearer ${as.token}` }),
        },
      },
    );
  const errorOf = async (response: Response, status: number) => {
    const body = (await response.json()) as { error: string };
    expect(response.status, JSON.stringify(body)).toBe(status);
    return body.error;
  };
  const picture = async (response: Response) => {
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    return sharp(Buffer.from(await response.arrayBuffer())).metadata();
  };

  beforeEach(async () => {
    ({ admin } = await adminWithDocsMount(t, driverKind, s3rver));
  });

  it('makes a WebP of the longer side asked, upright by its EXIF orientation, once', async () => {
    // 1200 × 800 stored sideways: EXIF orientation 6 turns it into 800 × 1200.
    const photo = await sharp({
      create: { width: 1200, height: 800, channels: 3, background: '#c33' },
    })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    await put('/docs/photos', 'sunset.JPG', photo, 'image/jpeg');
    const first = await thumbnail('/docs/photos/sunset.JPG');
    expect(await picture(first)).toMatchObject({ format: 'webp', width: 171, height: 256 });
    const etag = first.headers.get('etag') as string;
    expect(first.headers.get('cache-control')).toBe('private, no-cache');

    const small = await picture(await thumbnail('/docs/photos/sunset.JPG', 64));
    expect([small.width, small.height]).toEqual([43, 64]);
    // Asked again: the same picture from the cache, and a 304 for a browser that has it.
    expect((await thumbnail('/docs/photos/sunset.JPG')).headers.get('etag')).toBe(etag);
    const revalidated = await thumbnail('/docs/photos/sunset.JPG', undefined, {
      'if-none-match': etag,
    });
    expect(revalidated.status).toBe(304);
    expect(
      filesUnder(path.join(dataDir, 'thumbnails')).filter((f) => f.endsWith('.webp')),
    ).toHaveLength(2);
  });

  it('makes a new picture of a changed file', async () => {
    const red = await sharp({
      create: { width: 300, height: 300, channels: 3, background: '#f00' },
    })
      .png()
      .toBuffer();
    const blue = await sharp({
      create: { width: 600, height: 300, channels: 3, background: '#00f' },
    })
      .png()
      .toBuffer();
    await put('/docs', 'swatch.png', red, 'image/png');
    const before = await thumbnail('/docs/swatch.png', 128);
    expect(await picture(before)).toMatchObject({ width: 128, height: 128 });
    await put('/docs', 'swatch.png', blue, 'image/png');
    const after = await thumbnail('/docs/swatch.png', 128, {
      'if-none-match': before.headers.get('etag') as string,
    });
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    expect(await picture(after)).toMatchObject({ width: 128, height: 64 });
  });

  it('rasterises SVG, and never enlarges a small picture', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="#0a0"/></svg>',
    );
    await put('/docs', 'logo.svg', svg, 'image/svg+xml');
    expect(await picture(await thumbnail('/docs/logo.svg', 512))).toMatchObject({
      width: 40,
      height: 20,
    });
  });

  it('refuses what is not an image, a damaged image, a pixel bomb, and a size not offered', async () => {
    await put('/docs', 'notes.txt', Buffer.from('plain text'));
    await put('/docs', 'broken.jpg', Buffer.from('not really a jpeg at all'));
    await put('/docs', 'bomb.png', pixelBomb(), 'image/png');
    await ok(t.request('POST', '/api/admin/fs/mkdir', { path: '/docs/album.png' }, admin), 201);
    const cached = () => filesUnder(path.join(dataDir, 'thumbnails'));
    const before = cached();
    expect(await errorOf(await thumbnail('/docs/notes.txt'), 415)).toBe('fs.thumbnail_unsupported');
    expect(await errorOf(await thumbnail('/docs/album.png'), 415)).toBe('fs.thumbnail_unsupported');
    expect(await errorOf(await thumbnail('/docs/broken.jpg'), 422)).toBe('fs.thumbnail_failed');
    expect(await errorOf(await thumbnail('/docs/bomb.png'), 422)).toBe('fs.thumbnail_failed');
    expect(await errorOf(await thumbnail('/docs/missing.png'), 404)).toBe('fs.not_found');
    expect((await thumbnail('/docs/notes.txt', 100)).status).toBe(400);
    expect(cached()).toEqual(before);
  });

  it('holds a key to its base path', async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    await put('/docs/mine', 'a.png', png, 'image/png');
    await put('/docs/theirs', 'b.png', png, 'image/png');
    const key = await fsKeyWith(t, admin, { basic_path: '/docs/mine', mount_read_only: true });
    expect((await thumbnail('/docs/mine/a.png', 64, {}, key)).status).toBe(200);
    expect((await thumbnail('/docs/theirs/b.png', 64, {}, key)).status).toBe(403);
  });
});
