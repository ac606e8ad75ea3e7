import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../test/harness';

/** The installable app's files as the web build writes them (vite-plugin-pwa). */
describe('serving the installable app', () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'sharebin-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Sharebin</title>');
  const worker = `self.addEventListener('fetch', () => {});\n${'// precache list\n'.repeat(200)}`;
  writeFileSync(path.join(dist, 'sw.js'), worker);
  writeFileSync(path.join(dist, 'sw.js.br'), brotliCompressSync(worker));
  writeFileSync(path.join(dist, 'sw.js.gz'), gzipSync(worker));
  const manifest = JSON.stringify({ name: 'Sharebin', start_url: '/', icons: [] });
  writeFileSync(path.join(dist, 'manifest.webmanifest'), manifest);
  writeFileSync(path.join(dist, 'pwa-192x192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  const t = useTestServer('sqlite', { webDistDir: dist });

  it('serves the service worker revalidated on every check, never as immutable', async () => {
    for (const acceptEncoding of ['br, gzip', 'gzip', 'identity']) {
      const response = await t.server.app.request('/sw.js', {
        headers: { 'accept-encoding': acceptEncoding },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(response.headers.get('content-encoding')).toBe(
        { 'br, gzip': 'br', gzip: 'gzip', identity: null }[acceptEncoding],
      );
    }
    const plain = await t.server.app.request('/sw.js');
    expect(await plain.text()).toBe(worker);
    // The worker runs under its script's policy: it may fetch this origin (to cache the app).
    expect(plain.headers.get('content-security-policy')).toBe("default-src 'self'");
  });

  it('serves the manifest as application/manifest+json and the icons as PNG', async () => {
    const response = await t.server.app.request('/manifest.webmanifest');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/manifest+json');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.json()).toEqual(JSON.parse(manifest));

    const icon = await t.server.app.request('/pwa-192x192.png');
    expect(icon.headers.get('content-type')).toBe('image/png');
  });

  it("lets pages register a worker and a manifest of this origin (the app's CSP)", async () => {
    const page = await t.server.app.request('/upload');
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("worker-src 'self'");
    expect(policy).toContain("manifest-src 'self'");
    expect(policy).toContain("script-src 'self'");
  });
});
