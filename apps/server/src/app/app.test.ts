import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENGINES, useTestServer } from '../test/harness';
import { toOpenApiPath } from './openapi';

describe.each(ENGINES)('HTTP foundation on %s', (engine) => {
  const t = useTestServer(engine);

  it('answers health and version in the envelope', async () => {
    const health = await t.request('GET', '/api/health');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ code: 200, message: 'OK', data: { status: 'ok' } });
    const version = await t.request('GET', '/api/version');
    expect(version.body.data).toEqual({ name: 'sharebin', version: 'test' });
  });

  it('sends each validation issue with its zod code and bound, for clients to word it', async () => {
    const token = await t.loginAsAdmin();
    const refused = await t.request(
      'POST',
      '/api/paste',
      { content: 'x', max_views: -1, remark: 'r'.repeat(5000) },
      { token },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('validation.failed');
    expect(refused.body.details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          path: 'max_views',
          code: 'too_small',
          origin: 'number',
          minimum: 0,
        }),
        expect.objectContaining({ path: 'remark', code: 'too_big', origin: 'string' }),
      ]),
    );
    const pastes = await t.db.selectFrom('pastes').select('id').execute();
    expect(pastes).toEqual([]);
  });

  it('stays alive but not ready when the database is gone', async () => {
    await t.db.destroy();
    const health = await t.request('GET', '/api/health');
    expect(health.status).toBe(200);
    const ready = await t.request('GET', '/api/ready');
    expect(ready.status).toBe(503);
    expect(ready.body.error).toBe('system.not_ready');
    expect(ready.body.details.database).toBe('failed');
  });

  it.each([
    ['malformed JSON', '{"username": "admin",', 'application/json', 400, 'request.malformed_json'],
    ['a truncated string', '{"username": "adm', 'application/json', 400, 'request.malformed_json'],
    [
      'form data',
      'username=admin&password=x',
      'application/x-www-form-urlencoded',
      415,
      'request.unsupported_media_type',
    ],
    ['text', 'hello', 'text/plain', 415, 'request.unsupported_media_type'],
    ['JSON null', 'null', 'application/json', 400, 'validation.failed'],
    ['a JSON array', '[1,2]', 'application/json', 400, 'validation.failed'],
    ['a JSON string', '"admin"', 'application/json', 400, 'validation.failed'],
  ])('answers %s with its own error code, never 500', async (_name, body, type, status, code) => {
    const response = await t.request('POST', '/api/admin/login', body, {
      headers: { 'content-type': type },
    });
    expect(response.status).toBe(status);
    expect(response.body).toMatchObject({ code: status, error: code });
    expect(typeof response.body.message).toBe('string');
  });

  it('refuses a body over the limit with 413', async () => {
    const huge = JSON.stringify({ username: 'a'.repeat(2 * 1024 * 1024), password: 'x' });
    const response = await t.request('POST', '/api/admin/login', huge);
    expect(response.status).toBe(413);
    expect(response.body.error).toBe('request.payload_too_large');
  });

  it('answers an unknown API route with 404 and a wrong method with 405', async () => {
    const missing = await t.request('GET', '/api/does-not-exist');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('route.not_found');
    const wrongMethod = await t.request('DELETE', '/api/admin/login');
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.body.error).toBe('route.method_not_allowed');
    expect(wrongMethod.headers.get('allow')).toBe('POST');
  });

  it('gives each answer a request id, keeping a well-formed incoming one', async () => {
    const generated = await t.request('GET', '/api/version');
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await t.request('GET', '/api/version', undefined, {
      headers: { 'x-request-id': 'trace-42' },
    });
    expect(kept.headers.get('x-request-id')).toBe('trace-42');
    const replaced = await t.request('GET', '/api/version', undefined, {
      headers: { 'x-request-id': '<script>' },
    });
    expect(replaced.headers.get('x-request-id')).not.toBe('<script>');
  });

  it('sends safe headers and no CORS headers by default', async () => {
    const response = await t.request('GET', '/api/version', undefined, {
      headers: { origin: 'https://evil.example' },
    });
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('describes every API route in the OpenAPI document', async () => {
    const doc = (await (await t.server.app.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documentation = new Set([
      '/api/openapi.json',
      '/api/docs',
      '/api/docs/init.js',
      '/api/docs/swagger-ui.css',
      '/api/docs/swagger-ui-bundle.js',
      '/api/*',
    ]);
    const registered = t.server.app.routes.filter(
      (r) => r.path.startsWith('/api') && !documentation.has(r.path) && r.method !== 'ALL',
    );
    expect(registered.length).toBeGreaterThanOrEqual(t.server.routes.length);
    for (const route of registered) {
      const documented =
        doc.paths[toOpenApiPath(route.path.slice('/api'.length))]?.[route.method.toLowerCase()];
      expect(documented, `${route.method} ${route.path}`).toBeDefined();
    }
    const docs = await t.server.app.request('/api/docs');
    expect(await docs.text()).toContain('src="docs/swagger-ui-bundle.js"');
  });
});

describe('CORS with an allowlist', () => {
  const t = useTestServer('sqlite', { corsOrigins: ['https://app.example'] });

  it('allows only the listed origins and never with credentials', async () => {
    const allowed = await t.request('GET', '/api/version', undefined, {
      headers: { origin: 'https://app.example' },
    });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect(allowed.headers.get('access-control-allow-credentials')).toBeNull();
    const other = await t.request('GET', '/api/version', undefined, {
      headers: { origin: 'https://evil.example' },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('serving the web app', () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'sharebin-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Sharebin</title>');
  writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
  const t = useTestServer('sqlite', { webDistDir: dist });

  it('serves files, falls back to index.html and keeps /api answers JSON', async () => {
    const page = await t.server.app.request('/admin/key-management');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(await page.text()).toContain('<title>Sharebin</title>');

    const asset = await t.server.app.request('/assets/app-1234.js');
    expect(asset.headers.get('content-type')).toContain('text/javascript');
    expect(asset.headers.get('cache-control')).toContain('immutable');

    const traversal = await t.server.app.request('/assets/..%2f..%2fpackage.json');
    expect(await traversal.text()).toContain('<title>Sharebin</title>');

    const api = await t.server.app.request('/api/nothing-here');
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toContain('application/json');
  });
});
