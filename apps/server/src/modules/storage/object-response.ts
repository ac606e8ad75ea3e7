import { isActiveContent, normalizeMediaType, servedMediaType } from '@sharebin/shared';
import { withNodeBody } from '../../app/node-body';
import { toWebStream } from '../../app/web-stream';
import type { ActivityLog } from '../dashboard/activity.recorder';
import { contentDisposition } from '../shared/content-disposition';
import { rangeNotSatisfiable } from './configs/storage.errors';
import type { GetResult } from './drivers/storage-driver';

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` against an object of `size` bytes; undefined for none. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) throw rangeNotSatisfiable(size);
  const [start, end] =
    match[1] === ''
      ? [Math.max(0, size - Number(match[2])), size - 1]
      : [Number(match[1]), match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1)];
  if (start >= size || start > end) throw rangeNotSatisfiable(size);
  return { start, end };
}

/**
 * An object streamed to the browser with the safe headers of ARCHITECTURE.md §4: RFC 6266
 * disposition, nosniff (global), and a CSP sandbox for anything a browser could run inline.
 */
export function objectResponse({
  object,
  filename,
  contentType,
  download,
  activity,
}: {
  object: GetResult;
  filename: string | undefined;
  contentType: string;
  download: boolean;
  /** The bytes streamed count as the dashboard's `bytes_out`, chunk by chunk as they leave. */
  activity: ActivityLog;
}): Response {
  // Only a type we can vouch for is served; anything else downloads as bytes or runs sandboxed.
  const servedType = servedMediaType(normalizeMediaType(contentType) ?? 'application/octet-stream');
  const sandboxed = !download && isActiveContent(servedType);
  const headers: Record<string, string> = {
    'Content-Type': servedType,
    'Content-Disposition': contentDisposition({ filename, inline: !download }),
    'Accept-Ranges': 'bytes',
    'Cache-Control': 'private, max-age=300',
    'X-Frame-Options': 'SAMEORIGIN',
    'Content-Security-Policy': sandboxed
      ? "sandbox; default-src 'none'; frame-ancestors 'self'"
      : "frame-ancestors 'self'",
  };
  if (object.range) {
    headers['Content-Range'] =
      `bytes ${object.range.start}-${object.range.end}/${object.range.total}`;
    headers['Content-Length'] = String(object.range.end - object.range.start + 1);
  } else {
    headers['Content-Length'] = String(object.info.size);
  }
  if (object.info.etag) headers.ETag = `"${object.info.etag}"`;
  const onChunk = (bytes: number) => activity.record('bytes_out', bytes);
  const response = new Response(toWebStream(object.body, onChunk), {
    status: object.range ? 206 : 200,
    headers,
  });
  // The HTTP server sends the Node stream itself (a local file through reused buffers).
  return withNodeBody(response, { source: object.body, bytes: object.bytes, onChunk });
}
