import { createReadStream, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { normalizePath } from '@sharebin/shared';
import type { Context } from 'hono';
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

function fileResponse(filePath: string, cacheControl: string): Response {
  const stat = statSync(filePath);
  const type = CONTENT_TYPES[path.extname(filePath).toLowerCase()] ?? 'application/octet-stream';
  const body = toWebStream(createReadStream(filePath));
  return new Response(body, {
    headers: {
      'Content-Type': type,
      'Content-Length': String(stat.size),
      'Cache-Control': cacheControl,
    },
  });
}

/**
 * Serves the built web app: files as they are (hashed assets cached for a year), and
 * `index.html` for every other path so that the client router can take it.
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
      return fileResponse(indexFile, 'no-cache');
    }
    const candidate = path.join(root, relative);
    if (
      relative !== '/' &&
      candidate.startsWith(root + path.sep) &&
      existsSync(candidate) &&
      statSync(candidate).isFile()
    ) {
      const immutable = relative.startsWith('/assets/');
      return fileResponse(
        candidate,
        immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    }
    return fileResponse(indexFile, 'no-cache');
  };
}
