import { createReadStream, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Hono } from 'hono';
import type { AppEnv } from './app-env';
import { jsonAnswer } from './envelope';
import { toWebStream } from './web-stream';

const DOCS_ASSETS = ['swagger-ui.css', 'swagger-ui-bundle.js'] as const;

// Addresses relative to the page (`…/api/docs`), so that the docs work under any base path.
const DOCS_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sharebin API</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="docs/swagger-ui.css"></head>
<body><div id="docs"></div>
<script src="docs/swagger-ui-bundle.js"></script>
<script src="docs/init.js"></script></body></html>`;

const DOCS_INIT = `window.ui = SwaggerUIBundle({ url: 'openapi.json', dom_id: '#docs', deepLinking: true });`;

/** `/api/openapi.json` and a Swagger UI page at `/api/docs`, served from the installed package. */
export function mountApiDocs(api: Hono<AppEnv>, buildDocument: () => unknown) {
  // Built on first request: converting every schema takes time and memory at start-up.
  let document: unknown;
  const assetsDir = path.dirname(
    createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'),
  );
  api.get('/openapi.json', (c) => {
    document ??= buildDocument();
    return jsonAnswer(c, document);
  });
  api.get('/docs', (c) => c.html(DOCS_PAGE));
  api.get('/docs/init.js', (c) =>
    c.body(DOCS_INIT, 200, { 'Content-Type': 'text/javascript; charset=utf-8' }),
  );
  for (const asset of DOCS_ASSETS) {
    api.get(`/docs/${asset}`, (c) => {
      const file = path.join(assetsDir, asset);
      if (!existsSync(file)) return c.notFound();
      const type = asset.endsWith('.css')
        ? 'text/css; charset=utf-8'
        : 'text/javascript; charset=utf-8';
      return new Response(toWebStream(createReadStream(file)), {
        headers: { 'Content-Type': type, 'Cache-Control': 'public, max-age=86400' },
      });
    });
  }
}
