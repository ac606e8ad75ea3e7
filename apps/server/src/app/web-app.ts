import { createReadStream, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { normalizePath } from '@sharebin/shared';
import type { Context } from 'hono';
import { type ContentEncoding, pickEncoding } from './content-encoding';
import { SERVICE_WORKER_CONTENT_SECURITY_POLICY } from './middlewares/security-headers';
import { toWebStream } from './web-stream';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
  '.wasm': 'application/wasm',
};

/** The service worker the web build writes (vite-plugin-pwa); browsers check it for updates. */
const SERVICE_WORKER_PATH = '/sw.js';

/** File suffixes of the variants the web build precompresses (apps/web/scripts/precompress.mjs). */
const VARIANT_SUFFIX: Record<ContentEncoding, string> = { br: '.br', gzip: '.gz' };

function fileResponse(
  filePath: string,
  cacheControl: string,
  c: Context,
  extraHeaders: Record<string, string> = {},
): Response {
  const type = CONTENT_TYPES[path.extname(filePath).toLowerCase()] ?? 'application/octet-stream';
  const variants = (Object.keys(VARIANT_SUFFIX) as ContentEncoding[]).filter((encoding) =>
    existsSync(filePath + VARIANT_SUFFIX[encoding]),
  );
  // A range counts bytes of one representation: ranges (which this handler answers in full)
  // get the identity one, so that a client resuming a download never mixes two.
  const encoding = c.req.header('Range')
    ? undefined
    : pickEncoding(c.req.header('Accept-Encoding'), variants);
  const served = encoding ? filePath + VARIANT_SUFFIX[encoding] : filePath;
  const headers: Record<string, string> = {
    'Content-Type': type,
    'Content-Length': String(statSync(served).size),
    'Cache-Control': cacheControl,
    ...extraHeaders,
  };
  if (variants.length > 0) headers.Vary = 'Accept-Encoding';
  if (encoding) headers['Content-Encoding'] = encoding;
  return new Response(toWebStream(createReadStream(served)), { headers });
}

/**
 * Serves the built web app: files as they are (hashed assets cached for a year), and
 * `index.html` for every other path so that the client router can take it. Files the build
 * precompressed go out as their Brotli or gzip variant when the client accepts one.
 */
export function serveWebApp(distDir: string) {
  const root = path.resolve(distDir);
  const indexFile = path.join(root, 'index.html');
  return (c: Context) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return c.notFound();
    if (!existsSync(indexFile)) {
      return c.text('The web app is not built yet: run `npm run build` (or `npm start`).', 503);
    }
    let relative: string;
    try {
      relative = normalizePath(c.req.path);
    } catch {
      return fileResponse(indexFile, 'no-cache', c);
    }
    const candidate = path.join(root, relative);
    if (
      relative !== '/' &&
      candidate.startsWith(root + path.sep) &&
      existsSync(candidate) &&
      statSync(candidate).isFile()
    ) {
      const immutable = relative.startsWith('/assets/');
      // The worker's fetches obey its own script's policy: the API's `default-src 'none'`
      // would stop it from caching the app.
      const workerPolicy: Record<string, string> =
        relative === SERVICE_WORKER_PATH
          ? { 'Content-Security-Policy': SERVICE_WORKER_CONTENT_SECURITY_POLICY }
          : {};
      return fileResponse(
        candidate,
        immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        c,
        workerPolicy,
      );
    }
    return fileResponse(indexFile, 'no-cache', c);
  };
}
