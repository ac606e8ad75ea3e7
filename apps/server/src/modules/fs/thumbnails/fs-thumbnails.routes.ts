import { fsPathSchema } from '@sharebin/shared';
import { z } from 'zod';
import { type AnyRoute, type RouteAuth, route } from '../../../app/route';
import type { FsThumbnails, Thumbnail } from './fs-thumbnails.usecases';

/** The sizes made (the longer side, in pixels): few, so that the cache holds few per image. */
export const THUMBNAIL_SIZES = [64, 128, 256, 512] as const;

export const thumbnailQuerySchema = z.object({
  path: fsPathSchema,
  size: z.coerce
    .number()
    .int()
    .refine((size) => (THUMBNAIL_SIZES as readonly number[]).includes(size), {
      message: `size is one of ${THUMBNAIL_SIZES.join(', ')}`,
    })
    .default(256),
});

/**
 * A thumbnail's answer: revalidated by its ETag on every use (a changed file has a new one), so
 * a browser shows it from its cache after a 304 and never shows an old picture of a new file.
 */
export function thumbnailResponse(thumbnail: Thumbnail, ifNoneMatch: string | undefined) {
  const etag = `"${thumbnail.etag}"`;
  const headers = {
    ETag: etag,
    'Cache-Control': 'private, no-cache',
    'Content-Type': 'image/webp',
    'X-Content-Type-Options': 'nosniff',
  };
  if (ifNoneMatch?.split(/\s*,\s*/).includes(etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(new Uint8Array(thumbnail.bytes), {
    headers: { ...headers, 'Content-Length': String(thumbnail.bytes.length) },
  });
}

export function createFsThumbnailRoutes({ thumbnails }: { thumbnails: FsThumbnails }): AnyRoute[] {
  const routesUnder = (prefix: '/admin/fs' | '/user/fs', auth: RouteAuth) =>
    route({
      method: 'get',
      path: `${prefix}/thumbnail`,
      tag: 'file system',
      summary: `A WebP thumbnail of an image (JPEG, PNG, WebP, GIF, AVIF, HEIC, TIFF, SVG), of a video's frame at 1 s (with ffmpeg) or of a PDF's first page (with pdftoppm), its longer side \`size\` pixels (${THUMBNAIL_SIZES.join(', ')}); made once per file version, ETag and 304; 415 \`fs.thumbnail_tool_missing\` without the program`,
      auth,
      query: thumbnailQuerySchema,
      response: z.string(),
      produces: 'image/webp',
      errors: [403, 404, 415, 422, 503],
      handler: async ({ principal, query }, c) =>
        thumbnailResponse(
          await thumbnails.thumbnail(principal, query.path, query.size, c.req.raw.signal),
          c.req.header('if-none-match'),
        ),
    });
  return [routesUnder('/admin/fs', 'admin'), routesUnder('/user/fs', { permission: 'mount' })];
}
