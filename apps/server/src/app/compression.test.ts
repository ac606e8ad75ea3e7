import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { PublicFile } from '@sharebin/shared';
import { describe, expect, it } from 'vitest';
import { ENGINES, uploadForm, useTestServer } from '../test/harness';
import { pickEncoding } from './content-encoding';

const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe('pickEncoding', () => {
  it('follows the client’s weights, refusals and wildcard', () => {
    expect(pickEncoding(undefined, ['br', 'gzip'])).toBeUndefined();
    expect(pickEncoding('gzip, deflate, br, zstd', ['br', 'gzip'])).toBe('br');
    expect(pickEncoding('gzip', ['br', 'gzip'])).toBe('gzip');
    expect(pickEncoding('br;q=0.5, gzip;q=0.8', ['br', 'gzip'])).toBe('gzip');
    expect(pickEncoding('br;q=0, *', ['br', 'gzip'])).toBe('gzip');
    expect(pickEncoding('identity', ['br', 'gzip'])).toBeUndefined();
    expect(pickEncoding('BR', ['gzip'])).toBeUndefined();
  });
});

describe('serving the precompressed web app', () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'sharebin-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  const script = Buffer.from(`console.log(${JSON.stringify('x'.repeat(4000))});`);
  const page = Buffer.from(`<!doctype html><title>Sharebin</title>${'<p>.</p>'.repeat(400)}`);
  writeFileSync(path.join(dist, 'index.html'), page);
  writeFileSync(path.join(dist, 'index.html.br'), brotliCompressSync(page));
  writeFileSync(path.join(dist, 'index.html.gz'), gzipSync(page));
  writeFileSync(path.join(dist, 'assets', 'app-1.js'), script);
  writeFileSync(path.join(dist, 'assets', 'app-1.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(dist, 'assets', 'app-1.js.gz'), gzipSync(script));
  writeFileSync(path.join(dist, 'assets', 'plain-1.js'), 'console.log(1)');
  const t = useTestServer('sqlite', { webDistDir: dist });
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.server.app.request(url, { headers });

  it('sends the Brotli variant, else gzip, else the file itself', async () => {
    const br = await get('/assets/app-1.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(br.headers.get('content-type')).toContain('text/javascript');
    expect(br.headers.get('cache-control')).toContain('immutable');
    const brBytes = await bytesOf(br);
    expect(Number(br.headers.get('content-length'))).toBe(brBytes.length);
    expect(brBytes.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(brBytes).equals(script)).toBe(true);

    const gz = await get('/assets/app-1.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(await bytesOf(gz)).equals(script)).toBe(true);

    const identity = await get('/assets/app-1.js');
    expect(identity.headers.get('content-encoding')).toBeNull();
    expect(identity.headers.get('vary')).toBe('Accept-Encoding');
    expect((await bytesOf(identity)).equals(script)).toBe(true);

    const refused = await get('/assets/app-1.js', { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers.get('content-encoding')).toBeNull();
  });

  it('compresses the client-routed pages too, and a range gets the identity bytes', async () => {
    const routed = await get('/admin/text-management', { 'accept-encoding': 'br' });
    expect(routed.headers.get('content-encoding')).toBe('br');
    expect(routed.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(brotliDecompressSync(await bytesOf(routed)).equals(page)).toBe(true);

    const ranged = await get('/assets/app-1.js', { 'accept-encoding': 'br', range: 'bytes=0-9' });
    expect(ranged.headers.get('content-encoding')).toBeNull();
    expect((await bytesOf(ranged)).equals(script)).toBe(true);
  });

  it('sends files without variants as they are, with no Vary', async () => {
    const plain = await get('/assets/plain-1.js', { 'accept-encoding': 'br, gzip' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBeNull();
    expect(await plain.text()).toBe('console.log(1)');
  });
});

describe.each(ENGINES)('compressed JSON answers on %s', (engine) => {
  const t = useTestServer(engine);
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.server.app.request(url, { headers });

  it('compresses large answers by Accept-Encoding, leaves small ones alone', async () => {
    const token = await t.loginAsAdmin();
    const content = 'Lorem ipsum dolor sit amet. '.repeat(200);
    const created = await t.request('POST', '/api/paste', { content, slug: 'long-one' }, { token });
    expect(created.status).toBe(201);

    const br = await get('/api/paste/long-one', { 'accept-encoding': 'gzip, br' });
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toContain('Accept-Encoding');
    expect(br.headers.get('content-type')).toContain('application/json');
    const brBytes = await bytesOf(br);
    expect(Number(br.headers.get('content-length'))).toBe(brBytes.length);
    expect(brBytes.length).toBeLessThan(content.length / 5);
    expect(JSON.parse(brotliDecompressSync(brBytes).toString()).data.content).toBe(content);

    const gz = await get('/api/paste/long-one', { 'accept-encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(await bytesOf(gz)).toString()).data.content).toBe(content);

    const identity = await get('/api/paste/long-one');
    expect(identity.headers.get('content-encoding')).toBeNull();
    expect(((await identity.json()) as { data: { content: string } }).data.content).toBe(content);

    const small = await get('/api/version', { 'accept-encoding': 'br, gzip' });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(small.headers.get('vary')).toContain('Accept-Encoding');
    expect(((await small.json()) as { data: { name: string } }).data.name).toBe('sharebin');
  });

  it('sends a small error answer as it is', async () => {
    const missing = await get(`/api/paste/${'n'.repeat(40)}`, { 'accept-encoding': 'gzip' });
    expect(missing.status).toBe(404);
    // Small: sent as it is, still parseable.
    expect(missing.headers.get('content-encoding')).toBeNull();
    expect(((await missing.json()) as { error: string }).error).toBe('paste.not_found');
  });

  it('never compresses stored content: raw pastes and file downloads, JSON or not', async () => {
    const { admin } = await t.signInWithLocalStorage();
    const json = Buffer.from(JSON.stringify({ rows: Array.from({ length: 400 }, (_, i) => i) }));
    const uploaded = await t.request(
      'POST',
      '/api/upload',
      uploadForm(json, 'rows.json', { slug: 'rows' }, 'application/json'),
      admin,
    );
    expect(uploaded.status).toBe(201);
    const view = await t.request<PublicFile>('GET', '/api/public/files/rows');
    for (const url of [view.body.data.download_url, view.body.data.preview_url]) {
      const response = await get(url as string, { 'accept-encoding': 'gzip, br' });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding')).toBeNull();
      expect((await bytesOf(response)).equals(json)).toBe(true);
    }
    const ranged = await get(view.body.data.preview_url as string, {
      'accept-encoding': 'gzip, br',
      range: 'bytes=0-99',
    });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-encoding')).toBeNull();
    await ranged.body?.cancel();

    const content = 'raw text '.repeat(500);
    await t.request('POST', '/api/paste', { content, slug: 'raw-one' }, admin);
    const raw = await get('/api/raw/raw-one', { 'accept-encoding': 'gzip, br' });
    expect(raw.status).toBe(200);
    expect(raw.headers.get('content-encoding')).toBeNull();
    expect(await raw.text()).toBe(content);
  });
});
