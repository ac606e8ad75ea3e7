import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { StorageConfig } from '@sharebin/shared';
import { describe, expect, it } from 'vitest';
import { LOGIN_RULE_PER_USER } from '../modules/auth/auth.usecases';
import { ADMIN_BASIC } from '../test/dav-kit';
import { ADMIN, type RequestOptions, sendRequest, useTestServer } from '../test/harness';
import { STRICT_TRANSPORT_SECURITY } from './middlewares/security-headers';

const FORWARDED_HTTPS = {
  'x-forwarded-proto': 'https',
  'x-forwarded-host': 'paste.example.com',
  'x-forwarded-for': '203.0.113.7',
};

type Test = ReturnType<typeof useTestServer>;

async function pasteUrl(t: Test, headers: Record<string, string>, prefix = '') {
  const login = await sendRequest<{ token: string }>(
    t.server.app,
    'POST',
    `${prefix}/api/admin/login`,
    ADMIN,
  );
  const created = await sendRequest<{ url: string; raw_url: string }>(
    t.server.app,
    'POST',
    `${prefix}/api/paste`,
    { content: 'behind a proxy' },
    { headers, token: login.body.data.token },
  );
  expect(created.status).toBe(201);
  return created.body.data;
}

/** Wrong passwords until the per-user limit, then the right one: its status. */
async function loginAfterGuesses(t: Test, guessFrom: string, loginFrom: string) {
  for (let i = 0; i < LOGIN_RULE_PER_USER.limit; i++) {
    const wrong = await t.request(
      'POST',
      '/api/admin/login',
      { username: ADMIN.username, password: `wrong-${i}` },
      { headers: { 'x-forwarded-for': guessFrom } },
    );
    expect(wrong.status).toBe(401);
  }
  const right = await t.request('POST', '/api/admin/login', ADMIN, {
    headers: { 'x-forwarded-for': loginFrom },
  });
  return right.status;
}

describe('behind a trusted proxy (TRUST_PROXY=1, no PUBLIC_URL)', () => {
  const t = useTestServer('sqlite', { trustProxyHops: 1, publicUrl: '' });

  it('builds links from X-Forwarded-Proto and X-Forwarded-Host', async () => {
    const links = await pasteUrl(t, FORWARDED_HTTPS);
    expect(links.url).toMatch(/^https:\/\/paste\.example\.com\/paste\/[\w-]+$/);
    expect(links.raw_url).toMatch(/^https:\/\/paste\.example\.com\/api\/raw\//);
  });

  it('keeps the request host when the forwarded one is malformed', async () => {
    const links = await pasteUrl(t, {
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'evil.example/"><script>',
    });
    expect(links.url).toMatch(/^https:\/\/localhost\/paste\//);
  });

  it('sends HSTS only when the proxy says https', async () => {
    const https = await t.request('GET', '/api/health', undefined, { headers: FORWARDED_HTTPS });
    expect(https.headers.get('strict-transport-security')).toBe(STRICT_TRANSPORT_SECURITY);
    const http = await t.request('GET', '/api/health', undefined, {
      headers: { 'x-forwarded-proto': 'http' },
    });
    expect(http.headers.get('strict-transport-security')).toBeNull();
    const direct = await t.request('GET', '/api/health');
    expect(direct.headers.get('strict-transport-security')).toBeNull();
  });

  it('counts login attempts by the forwarded client address', async () => {
    // Another address behind the same proxy is not held back by this one's guesses.
    expect(await loginAfterGuesses(t, '203.0.113.7', '203.0.113.8')).toBe(200);
    const again = await t.request('POST', '/api/admin/login', ADMIN, {
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(again.status).toBe(429);
  });
});

describe('without TRUST_PROXY, forwarded headers change nothing', () => {
  const t = useTestServer('sqlite', { trustProxyHops: 0, publicUrl: '' });

  it('ignores forged X-Forwarded-Proto and X-Forwarded-Host in links and HSTS', async () => {
    const links = await pasteUrl(t, FORWARDED_HTTPS);
    expect(links.url).toMatch(/^http:\/\/localhost\/paste\//);
    const health = await t.request('GET', '/api/health', undefined, { headers: FORWARDED_HTTPS });
    expect(health.headers.get('strict-transport-security')).toBeNull();
  });

  it('ignores a forged X-Forwarded-For in rate limits', async () => {
    // A new forged address for the last attempt does not escape the count.
    expect(await loginAfterGuesses(t, '203.0.113.7', '203.0.113.8')).toBe(429);
  });
});

describe('PUBLIC_URL wins for links', () => {
  const t = useTestServer('sqlite', { trustProxyHops: 1, publicUrl: 'https://files.example.org' });

  it('uses PUBLIC_URL whatever the forwarded host, with HSTS unless the proxy says http', async () => {
    const links = await pasteUrl(t, FORWARDED_HTTPS);
    expect(links.url).toMatch(/^https:\/\/files\.example\.org\/paste\//);
    const direct = await t.request('GET', '/api/health');
    expect(direct.headers.get('strict-transport-security')).toBe(STRICT_TRANSPORT_SECURITY);
    const http = await t.request('GET', '/api/health', undefined, {
      headers: { 'x-forwarded-proto': 'http' },
    });
    expect(http.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('PUBLIC_URL over plain http', () => {
  const t = useTestServer('sqlite', { trustProxyHops: 0, publicUrl: 'http://lan.example:8787' });

  it('never sends HSTS', async () => {
    const health = await t.request('GET', '/api/health', undefined, { headers: FORWARDED_HTTPS });
    expect(health.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('under the path of PUBLIC_URL (/sb)', () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'sharebin-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  const indexPage =
    '<!doctype html><html><head><meta charset="UTF-8" /><base href="/" />' +
    '<script type="module" src="./assets/app-1.js"></script></head><body></body></html>';
  writeFileSync(path.join(dist, 'index.html'), indexPage);
  writeFileSync(path.join(dist, 'assets', 'app-1.js'), 'console.log(1)');
  const manifest = JSON.stringify({ name: 'Sharebin', start_url: './', scope: './', icons: [] });
  writeFileSync(path.join(dist, 'manifest.webmanifest'), manifest);
  writeFileSync(path.join(dist, 'sw.js'), "self.addEventListener('fetch', () => {});");
  const t = useTestServer('sqlite', {
    trustProxyHops: 1,
    publicUrl: 'https://host.example/sb',
    webDistDir: dist,
  });
  const at = (url: string, init: RequestInit = {}) =>
    t.server.app.request(`http://127.0.0.1:8787${url}`, init);
  const api = <T = unknown>(
    method: string,
    url: string,
    body?: unknown,
    options?: RequestOptions,
  ) => sendRequest<T>(t.server.app, method, `/sb${url}`, body, options);

  async function adminWithDocsMount() {
    const login = await api<{ token: string }>('POST', '/api/admin/login', ADMIN);
    expect(login.status).toBe(200);
    const admin = { token: login.body.data.token };
    await t.server.useCases.storage.ensureDefaultStorage();
    const configs = await api<StorageConfig[]>('GET', '/api/s3-configs', undefined, admin);
    const storage = configs.body.data[0] as StorageConfig;
    const mount = await api(
      'POST',
      '/api/admin/mounts',
      { name: 'docs', storage_type: 'local', storage_config_id: storage.id, mount_path: '/docs' },
      admin,
    );
    expect(mount.status).toBe(201);
    return admin;
  }

  it('answers the API below /sb, JSON 404s for unknown API paths, and 404 outside /sb', async () => {
    const health = await at('/sb/api/health');
    expect(health.status).toBe(200);
    expect(health.headers.get('content-type')).toContain('application/json');
    const unknown = await at('/sb/api/no-such-route');
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: string }).error).toBe('route.not_found');

    const outsideApi = await at('/api/health');
    expect(outsideApi.status).toBe(404);
    expect(outsideApi.headers.get('content-type')).toContain('application/json');
    expect(((await outsideApi.json()) as { code: number }).code).toBe(404);
    for (const outside of ['/', '/index.html', '/assets/app-1.js', '/dav/', '/sbx/api/health']) {
      const response = await at(outside);
      expect(response.status, outside).toBe(404);
      expect(await response.text(), outside).not.toContain('<base');
    }
  });

  it('serves index.html naming the base at any depth, assets, manifest and worker below it', async () => {
    for (const page of ['/sb', '/sb/', '/sb/paste/abc', '/sb/admin/fs/a/b', '/sb/index.html']) {
      const response = await at(page);
      expect(response.status, page).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
      const html = await response.text();
      expect(html, page).toContain('<base href="/sb/">');
      expect(html).not.toContain('<base href="/"');
    }
    const compressed = await at('/sb/admin/fs/a/b', { headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers.get('content-encoding')).toBe('br');
    const body = brotliDecompressSync(Buffer.from(await compressed.arrayBuffer())).toString();
    expect(body).toBe(indexPage.replace('<base href="/" />', '<base href="/sb/">'));

    const asset = await at('/sb/assets/app-1.js');
    expect(asset.headers.get('content-type')).toContain('text/javascript');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(await asset.text()).toBe('console.log(1)');
    const served = await at('/sb/manifest.webmanifest');
    expect(served.headers.get('content-type')).toBe('application/manifest+json');
    expect(await served.text()).toBe(manifest);
    const worker = await at('/sb/sw.js');
    expect(worker.headers.get('content-security-policy')).toBe("default-src 'self'");
  });

  it('builds share links, the API docs and the OpenAPI servers with the path', async () => {
    const links = await pasteUrl(t, {}, '/sb');
    expect(links.url).toMatch(/^https:\/\/host\.example\/sb\/paste\/[\w-]+$/);
    expect(links.raw_url).toMatch(/^https:\/\/host\.example\/sb\/api\/raw\//);
    const raw = await at(new URL(links.raw_url).pathname);
    expect(await raw.text()).toBe('behind a proxy');

    const document = (await (await at('/sb/api/openapi.json')).json()) as {
      servers: { url: string }[];
    };
    expect(document.servers[0]?.url).toBe('https://host.example/sb');
    const docs = await at('/sb/api/docs');
    expect(docs.status).toBe(200);
    // Relative: resolved against /sb/api/docs by the browser.
    expect(await docs.text()).toContain('src="docs/swagger-ui-bundle.js"');
    expect((await at('/sb/api/docs/init.js')).status).toBe(200);
    // Over https (PUBLIC_URL): HSTS.
    expect((await at('/sb/api/health')).headers.get('strict-transport-security')).toBe(
      STRICT_TRANSPORT_SECURITY,
    );
  });

  it('serves WebDAV below /sb/dav with hrefs, Destination and If headers under the path', async () => {
    await adminWithDocsMount();
    const dav = (
      method: string,
      url: string,
      headers: Record<string, string> = {},
      body?: string,
    ) => at(url, { method, headers: { Authorization: ADMIN_BASIC, ...headers }, body });
    expect((await dav('PUT', '/sb/dav/docs/a.txt', {}, 'hello')).status).toBe(201);
    const root = await dav('PROPFIND', '/sb/dav/', { Depth: '1' });
    expect(root.status).toBe(207);
    const listing = await root.text();
    expect(listing).toContain('<D:href>/sb/dav/</D:href>');
    expect(listing).toContain('<D:href>/sb/dav/docs/</D:href>');
    const hrefs = [...listing.matchAll(/<D:href>([^<]*)<\/D:href>/g)].map((m) => m[1]);
    expect(hrefs.every((href) => href?.startsWith('/sb/dav/'))).toBe(true);

    // A Destination as the client sees this server (the public host, with the path).
    const moved = await dav('MOVE', '/sb/dav/docs/a.txt', {
      Destination: 'https://host.example/sb/dav/docs/b.txt',
    });
    expect(moved.status).toBe(201);
    expect(await (await dav('GET', '/sb/dav/docs/b.txt')).text()).toBe('hello');
    const outside = await dav('COPY', '/sb/dav/docs/b.txt', {
      Destination: 'https://host.example/dav/docs/c.txt',
    });
    expect(outside.status).toBe(502);

    const lock = await dav(
      'LOCK',
      '/sb/dav/docs/b.txt',
      { Timeout: 'Second-60' },
      '<?xml version="1.0"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype></D:lockinfo>',
    );
    expect(lock.status).toBe(200);
    expect(await lock.text()).toContain('<D:lockroot><D:href>/sb/dav/docs/b.txt</D:href>');
    const token = lock.headers.get('lock-token') as string;
    const tagged = await dav(
      'PUT',
      '/sb/dav/docs/b.txt',
      { If: `<https://host.example/sb/dav/docs/b.txt> (${token})` },
      'locked write',
    );
    expect(tagged.status).toBe(204);
    const discovery = await (await dav('PROPFIND', '/sb/dav/docs/', { Depth: '1' })).text();
    expect(discovery).toContain('<D:lockroot><D:href>/sb/dav/docs/b.txt</D:href>');
  });
});
