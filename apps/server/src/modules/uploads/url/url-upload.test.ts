import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { UrlInfo } from '@sharebin/shared';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ENGINES, type RequestOptions, useTestServer } from '../../../test/harness';
import { addressPolicy } from './address-policy';
import { systemResolver } from './url-fetch';

let origin: Server;
let base: string;
beforeAll(async () => {
  origin = createHttpServer((request, response) => {
    if (request.url === '/file.txt') {
      response.writeHead(200, { 'content-type': 'text/plain', 'content-length': '11' });
      response.end(request.method === 'HEAD' ? undefined : 'hello world');
    } else if (request.url === '/named') {
      response.writeHead(200, {
        'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent('报告.pdf')}`,
        'content-type': 'application/pdf',
      });
      response.end('%PDF');
    } else if (request.url === '/big' || request.url === '/big-unsized') {
      // 4 KiB; only /big says so up front.
      response.writeHead(200, {
        'content-type': 'application/octet-stream',
        ...(request.url === '/big' ? { 'content-length': '4096' } : {}),
      });
      for (let i = 0; i < 4; i++) response.write(Buffer.alloc(1024, i));
      response.end();
    } else if (request.url === '/trickle-headers' || request.url === '/trickle-body') {
      // Never idle, never done: only an overall deadline ends these.
      const socket = request.socket;
      if (request.url === '/trickle-body') {
        response.writeHead(200, { 'content-length': '1000000' });
        response.flushHeaders();
      } else socket.write('HTTP/1.1 200 OK\r\n');
      const timer = setInterval(
        () => (request.url === '/trickle-body' ? response.write('.') : socket.write('x-a: b\r\n')),
        20,
      );
      socket.on('close', () => clearInterval(timer));
    } else if (request.url?.startsWith('/redirect?to=')) {
      response.writeHead(302, {
        location: decodeURIComponent(request.url.slice('/redirect?to='.length)),
      });
      response.end();
    } else {
      response.writeHead(404);
      response.end();
    }
  });
  await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => origin.close(() => resolve())));

describe.each(ENGINES)(
  'URL uploads on %s with the default policy (public addresses only)',
  (engine) => {
    const t = useTestServer(engine);
    let admin: RequestOptions;
    beforeEach(async () => {
      admin = { token: await t.loginAsAdmin() };
    });

    it.each([
      ['loopback', () => `${base}/file.txt`],
      ['localhost by name', () => base.replace('127.0.0.1', 'localhost')],
      ['a private range', () => 'http://10.0.0.1/file'],
      ['link-local metadata', () => 'http://169.254.169.254/latest/meta-data/'],
      ['IPv6 loopback', () => 'http://[::1]:80/'],
      ['IPv4-mapped IPv6', () => 'http://[::ffff:127.0.0.1]/'],
    ])('refuses %s before connecting', async (_name, url) => {
      for (const call of [
        () => t.request('POST', '/api/url/info', { url: url() }, admin),
        () => t.request('GET', `/api/url/proxy?url=${encodeURIComponent(url())}`, undefined, admin),
      ]) {
        const response = await call();
        expect(response.status).toBe(400);
        expect(response.body.error).toBe('url.forbidden_address');
      }
    });

    it.each([
      ['ftp://example.com/x'],
      ['not a url'],
      ['javascript:alert(1)'],
      ['file:///etc/passwd'],
    ])('refuses %s as invalid', async (url) => {
      const response = await t.request('POST', '/api/url/info', { url }, admin);
      expect(response.status).toBe(400);
      expect(response.body.error).toBe('validation.failed');
    });
  },
);

describe.each(ENGINES)('URL uploads on %s when one address counts as public', (engine) => {
  // The test server stands in for a public host; everything else keeps the default rules.
  const t = useTestServer(engine, {
    urlAddressPolicy: (address) =>
      address === '127.0.0.1' || addressPolicy({ allowPrivate: false })(address),
  });
  let admin: RequestOptions;
  beforeEach(async () => {
    admin = { token: await t.loginAsAdmin() };
  });

  it('reads name, size and type, and proxies the bytes', async () => {
    const info = await t.request<UrlInfo>(
      'POST',
      '/api/url/info',
      { url: `${base}/file.txt` },
      admin,
    );
    expect(info.body.data).toEqual({
      url: `${base}/file.txt`,
      filename: 'file.txt',
      size: 11,
      mimetype: 'text/plain',
    });
    const named = await t.request<UrlInfo>(
      'POST',
      '/api/url/info',
      { url: `${base}/named` },
      admin,
    );
    expect(named.body.data).toMatchObject({ filename: '报告.pdf', mimetype: 'application/pdf' });
    const proxied = await t.server.app.request(
      `/api/url/proxy?url=${encodeURIComponent(`${base}/file.txt`)}`,
      {
        headers: { authorization: `Bearer ${admin.token}` },
      },
    );
    expect(await proxied.text()).toBe('hello world');
    expect(proxied.headers.get('content-security-policy')).toContain('sandbox');
  });

  it.each([
    ['a private address', 'http://10.0.0.1/secret'],
    ['the metadata service', 'http://169.254.169.254/latest/meta-data/'],
    ['IPv6 loopback', 'http://[::1]/'],
  ])('refuses a redirect to %s', async (_name, target) => {
    const response = await t.request(
      'POST',
      '/api/url/info',
      { url: `${base}/redirect?to=${encodeURIComponent(target)}` },
      admin,
    );
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('url.forbidden_address');
  });

  it('stops proxying at the upload limit, whether the size is declared or not', async () => {
    await t.request(
      'PUT',
      '/api/admin/system-settings',
      { max_upload_size: 2, max_upload_size_unit: 'KB' },
      admin,
    );
    const proxy = (path: string) =>
      t.server.app.request(`/api/url/proxy?url=${encodeURIComponent(`${base}${path}`)}`, {
        headers: { authorization: `Bearer ${admin.token}` },
      });
    const declared = await proxy('/big');
    expect(declared.status).toBe(413);
    expect(((await declared.json()) as { error: string }).error).toBe('file.too_large');
    // Without a declared size the answer has begun: the body breaks off before the limit.
    const unsized = await proxy('/big-unsized');
    let received = 0;
    await expect(
      (async () => {
        for await (const chunk of unsized.body as unknown as AsyncIterable<Uint8Array>)
          received += chunk.length;
      })(),
    ).rejects.toThrow();
    expect(received).toBeLessThanOrEqual(2048);
  });

  it('reports a remote error status', async () => {
    const response = await t.request('POST', '/api/url/info', { url: `${base}/missing` }, admin);
    expect(response.status).toBe(502);
    expect(response.body.error).toBe('url.http_error');
  });

  it('keeps anonymous callers and keys without file permission out', async () => {
    expect((await t.request('POST', '/api/url/info', { url: `${base}/file.txt` })).status).toBe(
      401,
    );
  });
});

describe('URL uploads by host name with private addresses allowed (ALLOW_PRIVATE_URLS)', () => {
  const t = useTestServer('sqlite', { urlAddressPolicy: addressPolicy({ allowPrivate: true }) });

  it('resolves the name, connects to the checked address and reads the file', async () => {
    const admin = { token: await t.loginAsAdmin() };
    const byName = base.replace('127.0.0.1', 'localhost');
    const info = await t.request<UrlInfo>(
      'POST',
      '/api/url/info',
      { url: `${byName}/file.txt` },
      admin,
    );
    expect(info.status).toBe(200);
    expect(info.body.data).toMatchObject({ filename: 'file.txt', size: 11 });
    const proxied = await t.server.app.request(
      `/api/url/proxy?url=${encodeURIComponent(`${byName}/file.txt`)}`,
      { headers: { authorization: `Bearer ${admin.token}` } },
    );
    expect(proxied.status).toBe(200);
    expect(await proxied.text()).toBe('hello world');
  });
});

describe('URL uploads when the remote cannot be reached', () => {
  const logged: string[] = [];
  const t = useTestServer('sqlite', {
    logger: pino({ level: 'warn' }, { write: (line: string) => logged.push(line) }),
    urlAddressPolicy: addressPolicy({ allowPrivate: true }),
    // A link-local address without a scope: the kernel refuses the connect at once (EINVAL), as
    // it does for an unroutable one (ENETUNREACH), and no packet leaves the machine.
    urlResolver: async (hostname) =>
      hostname === 'unroutable.test'
        ? [{ address: 'fe80::1', family: 6 }]
        : systemResolver(hostname),
    urlFetchLimits: { idleMs: 10_000, infoDeadlineMs: 300, downloadDeadlineMs: 300 },
  });
  let admin: RequestOptions;
  beforeEach(async () => {
    admin = { token: await t.loginAsAdmin() };
  });

  it('answers 502 for a name whose address refuses the connect at once, and keeps running', async () => {
    for (const call of [
      () => t.request('POST', '/api/url/info', { url: 'http://unroutable.test/file' }, admin),
      () =>
        t.request(
          'GET',
          `/api/url/proxy?url=${encodeURIComponent('http://unroutable.test/file')}`,
          undefined,
          admin,
        ),
    ]) {
      const response = await call();
      expect(response.status).toBe(502);
      expect(response.body.error).toBe('url.unreachable');
      expect(response.body.message).toBe('Cannot connect to the remote server');
    }
  });

  it('names no Node internals when a connect is refused', async () => {
    const closed = createHttpServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const response = await t.request(
      'POST',
      '/api/url/info',
      { url: `http://127.0.0.1:${port}/file` },
      admin,
    );
    expect(response.status).toBe(502);
    expect(response.body.error).toBe('url.unreachable');
    expect(JSON.stringify(response.body)).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
    // What happened stays available to the admin.
    expect(logged.join('')).toContain(`ECONNREFUSED 127.0.0.1:${port}`);
  });

  it('ends a fetch that never goes idle at its deadline', async () => {
    const started = Date.now();
    const info = await t.request(
      'POST',
      '/api/url/info',
      { url: `${base}/trickle-headers` },
      admin,
    );
    expect(info.status).toBe(504);
    expect(info.body.error).toBe('url.timeout');
    const proxied = await t.server.app.request(
      `/api/url/proxy?url=${encodeURIComponent(`${base}/trickle-body`)}`,
      { headers: { authorization: `Bearer ${admin.token}` } },
    );
    expect(proxied.status).toBe(200);
    await expect(proxied.text()).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
