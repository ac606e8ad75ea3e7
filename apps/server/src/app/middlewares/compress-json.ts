import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import { type ContentEncoding, pickEncoding, varyOnAcceptEncoding } from '../content-encoding';
import { setAnswerHeaders } from './answer-headers';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Compresses `data` off the event loop (zlib's thread pool). */
export const ENCODERS: Record<ContentEncoding, (data: Buffer) => Promise<Buffer>> = {
  // Quality 4: most of Brotli's gain for a fraction of its time, paid on every answer.
  br: (data) => brotliAsync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
  gzip: (data) => gzipAsync(data, { level: 6 }),
};

/** Answers smaller than this go out as they are: the saving would not pay for the work. */
export const MIN_COMPRESSED_BYTES = 1024;

/**
 * Compresses the JSON answers this server writes (marked `jsonAnswer` by the envelope), off
 * the event loop (zlib's thread pool). Answers that carry their own `Content-Encoding` (a
 * cached listing keeps its compressed forms) pass untouched, and so do those under `minBytes`.
 * Stored content never passes here: downloads and the
 * URL proxy are not `jsonAnswer`s, and ranges only answer those.
 */
export function compressJsonAnswers({
  minBytes = MIN_COMPRESSED_BYTES,
} = {}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (!c.get('jsonAnswer') || c.req.method === 'HEAD' || c.res.headers.has('Content-Encoding')) {
      return;
    }
    setAnswerHeaders(c, { Vary: varyOnAcceptEncoding(c.res.headers.get('Vary')) });
    const encoding = pickEncoding(c.req.header('Accept-Encoding'), ['br', 'gzip']);
    if (!encoding || !c.res.body) return;
    const body = Buffer.from(await c.res.arrayBuffer());
    if (body.length < minBytes) {
      c.res = new Response(body, c.res);
      return;
    }
    const compressed = await ENCODERS[encoding](body);
    const response = new Response(compressed, c.res);
    response.headers.set('Content-Encoding', encoding);
    response.headers.set('Content-Length', String(compressed.length));
    c.res = response;
  };
}
