import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { normalizePath } from '@sharebin/shared';
import type { Context } from 'hono';
import { type ContentEncoding, pickEncoding } from './content-encoding';
import { SERVICE_WORKER_CONTENT_SECURITY_POLICY } from './middlewares/security-headers';
import { escapeHtml, metaTags, type PageMeta, type PageMetaOf } from './page-meta';
import { publicBaseOf } from './public-origin';
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

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * `index.html` for an app under `basePath` (`/sb`): its `<base href="/">` (which the web build
 * writes) becomes `<base href="/sb/">`, so that the build's relative asset addresses, the
 * manifest and the service worker resolve below the base path at any depth, and the app reads
 * its router's basename and the API's address from that element. No inline script: the
 * CSP stays `script-src 'self'`. Rewritten once per version of the file, with its Brotli and
 * gzip variants.
 */
function indexSource(indexFile: string, basePath: string) {
  let cached: { key: string; page: string } | undefined;
  return () => {
    const stat = statSync(indexFile);
    const key = `${stat.mtimeMs}:${stat.size}`;
    if (cached?.key !== key) {
      const original = readFileSync(indexFile, 'utf8');
      const base = `<base href="${escapeAttribute(`${basePath}/`)}">`;
      const page = !basePath
        ? original
        : /<base\s+href="\/"\s*\/?>/i.test(original)
          ? original.replace(/<base\s+href="\/"\s*\/?>/i, base)
          : original.replace(/^(\s*<!doctype[^>]*>)?/i, (doctype) => `${doctype}${base}`);
      cached = { key, page };
    }
    return cached;
  };
}

function htmlResponse(c: Context, variants: Partial<Record<'identity' | ContentEncoding, Buffer>>) {
  const offered = (['br', 'gzip'] as const).filter((encoding) => variants[encoding]);
  const encoding = pickEncoding(c.req.header('Accept-Encoding'), offered);
  const body = variants[encoding ?? 'identity'] as Buffer;
  const headers: Record<string, string> = {
    'Content-Type': CONTENT_TYPES['.html'] as string,
    'Content-Length': String(body.length),
    'Cache-Control': 'no-cache',
    Vary: 'Accept-Encoding',
  };
  if (encoding) headers['Content-Encoding'] = encoding;
  return new Response(new Uint8Array(body), { headers });
}

function baseIndexPage(source: ReturnType<typeof indexSource>) {
  let cached: { key: string; variants: Record<'identity' | ContentEncoding, Buffer> } | undefined;
  return (c: Context): Response => {
    const { key, page } = source();
    if (cached?.key !== key) {
      const identity = Buffer.from(page);
      cached = {
        key,
        variants: { identity, br: brotliCompressSync(identity), gzip: gzipSync(identity) },
      };
    }
    return htmlResponse(c, cached.variants);
  };
}

/**
 * `index.html` with a share page's link-preview tags (crawlers run no script): its title and
 * description replaced, OpenGraph and Twitter tags added. Made per request (a few KB).
 */
function indexWithMeta(c: Context, page: string, meta: PageMeta): Response {
  const title = `<title>${escapeHtml(meta.title)} · Sharebin</title>`;
  const description = `<meta name="description" content="${escapeHtml(meta.description)}">`;
  const html = page
    .replace(/<title>[^<]*<\/title>/i, title)
    .replace(/<meta\s+name="description"[^>]*>/i, description)
    .replace(/<\/head>/i, `${metaTags(meta)}</head>`);
  const identity = Buffer.from(html);
  return htmlResponse(c, { identity, gzip: gzipSync(identity) });
}

/**
 * Serves the built web app: files as they are (hashed assets cached for a year), and
 * `index.html` for every other path so that the client router can take it. Files the build
 * precompressed go out as their Brotli or gzip variant when the client accepts one. Under a
 * base path (the path of `PUBLIC_URL`), `c.req.path` is already below it and `index.html`
 * names it (see `baseIndexPage`).
 */
export function serveWebApp(
  distDir: string,
  { basePath = '', pageMeta }: { basePath?: string; pageMeta?: PageMetaOf } = {},
) {
  const root = path.resolve(distDir);
  const indexFile = path.join(root, 'index.html');
  const source = indexSource(indexFile, basePath);
  const basedIndex = basePath ? baseIndexPage(source) : undefined;
  const indexResponse = async (c: Context, relative?: string) => {
    const meta = relative && pageMeta ? await pageMeta(relative, publicBaseOf(c)) : null;
    if (meta) return indexWithMeta(c, source().page, meta);
    return basedIndex ? basedIndex(c) : fileResponse(indexFile, 'no-cache', c);
  };
  return (c: Context) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return c.notFound();
    if (!existsSync(indexFile)) {
      return c.text('The web app is not built yet: run `npm run build` (or `npm start`).', 503);
    }
    let relative: string;
    try {
      relative = normalizePath(c.req.path);
    } catch {
      return indexResponse(c);
    }
    const candidate = path.join(root, relative);
    if (
      relative !== '/' &&
      relative !== '/index.html' &&
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
    return indexResponse(c, relative);
  };
}
