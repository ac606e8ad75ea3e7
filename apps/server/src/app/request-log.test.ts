import { once } from 'node:events';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { StorageConfig } from '@sharebin/shared';
import { Hono } from 'hono';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fsThumbnailBusy } from '../modules/fs/fs.errors';
import { ADMIN_BASIC } from '../test/dav-kit';
import { eventually } from '../test/eventually';
import { type RequestOptions, useTestServer } from '../test/harness';
import { refusingEndpoint, s3ConfigAt } from '../test/remote-s3';
import type { AppEnv } from './app-env';
import { createHttpServer } from './http-server';
import { errorHandler } from './middlewares/error-handler';
import { requestLog } from './middlewares/request-log';

interface LogLine {
  level: number;
  msg: string;
  requestId?: string;
  clientIp?: string;
  principal?: string;
  route?: string;
  method?: string;
  path?: string;
  status?: number;
  err?: { type: string; message: string; code?: string; stack?: string };
}

/** Every JSON line the server's pino logger writes, parsed. */
const lines: LogLine[] = [];
const rawLines: string[] = [];
const captured = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) {
      rawLines.push(line);
      lines.push(JSON.parse(line));
    }
    done();
  },
});

/** The server behind a real socket, so that the client address is the socket's. */
function useSocketServer(trustProxyHops: number) {
  const t = useTestServer('sqlite', {
    logger: pino({ level: 'info' }, captured),
    trustProxyHops,
  });
  let httpServer: http.Server;
  const context = { base: '' };
  beforeEach(async () => {
    lines.length = 0;
    rawLines.length = 0;
    httpServer = createHttpServer({
      fetch: t.server.app.fetch,
      timeouts: { idleMs: 60_000, headersMs: 60_000, keepAliveMs: 5_000 },
    });
    httpServer.listen(0, '127.0.0.1');
    await once(httpServer, 'listening');
    context.base = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    httpServer.closeAllConnections();
    await new Promise((resolve) => httpServer.close(resolve));
  });
  const send = (method: string, path: string, headers: Record<string, string> = {}) =>
    fetch(`${context.base}${path}`, { method, headers }).then(async (response) => {
      await response.arrayBuffer();
      return response;
    });
  return { t, send };
}

async function requestLine(method: string, path: string): Promise<LogLine> {
  let found: LogLine | undefined;
  await eventually(() => {
    found = lines.find(
      (line) => line.msg.startsWith('request') && line.method === method && line.path === path,
    );
    expect(found).toBeDefined();
  });
  return found as LogLine;
}

/** A port that refuses connections (it was free a moment ago). */
describe('request log lines behind one trusted proxy', () => {
  const { t, send } = useSocketServer(1);

  it('carry the forwarded client address, the admin principal and the route template', async () => {
    const token = await t.loginAsAdmin();
    const created = await t.request<{ id: string }>(
      'POST',
      '/api/admin/api-keys',
      { name: 'k', text_permission: true },
      { token },
    );
    const id = created.body.data.id;
    await send('DELETE', `/api/admin/api-keys/${id}?secret=1`, {
      authorization: `Bearer ${token}`,
      'x-forwarded-for': '198.51.100.7, 203.0.113.9',
    });
    const line = await requestLine('DELETE', `/api/admin/api-keys/${id}`);
    expect(line).toMatchObject({
      level: 30,
      msg: 'request',
      clientIp: '203.0.113.9',
      principal: 'admin',
      route: '/api/admin/api-keys/:id',
      status: 200,
    });
    expect(line.requestId).toMatch(/\S/);
    // The query string and the token stay out of the log.
    expect(rawLines.join('\n')).not.toContain(token);
    expect(rawLines.join('\n')).not.toContain('secret=1');
  });

  it('name an API key by its id, never by its secret', async () => {
    const token = await t.loginAsAdmin();
    const created = await t.request<{ id: string; key: string }>(
      'POST',
      '/api/admin/api-keys',
      { name: 'script', text_permission: true },
      { token },
    );
    const { id, key } = created.body.data;
    const pasted = await send('POST', '/api/paste', {
      authorization: `ApiKey ${key}`,
      'content-type': 'application/json',
    });
    expect(pasted.status).toBe(400);
    const line = await requestLine('POST', '/api/paste');
    expect(line).toMatchObject({ principal: `apikey:${id}`, route: '/api/paste', status: 400 });
    // A 4xx is the client's failure: info, as before.
    expect(line.level).toBe(30);
    expect(rawLines.join('\n')).not.toContain(key);
  });

  it('label WebDAV and unknown API paths without their raw paths', async () => {
    await send('PROPFIND', '/dav/', { authorization: ADMIN_BASIC, depth: '0' });
    expect(await requestLine('PROPFIND', '/dav/')).toMatchObject({
      principal: 'admin',
      route: 'webdav',
      status: 207,
    });
    await send('GET', '/api/no/such/thing');
    expect(await requestLine('GET', '/api/no/such/thing')).toMatchObject({
      route: '/api/*',
      status: 404,
      level: 30,
    });
    expect((await requestLine('GET', '/api/no/such/thing')).principal).toBeUndefined();
  });

  it('log a 5xx at error level with the storage failure that caused it', async () => {
    const admin: RequestOptions = { token: await t.loginAsAdmin() };
    const remote = await t.request<StorageConfig>(
      'POST',
      '/api/s3-configs',
      s3ConfigAt(await refusingEndpoint(), 'refusing'),
      admin,
    );
    const mounted = await t.request(
      'POST',
      '/api/admin/mounts',
      {
        name: 'remote',
        storage_type: 's3',
        storage_config_id: remote.body.data.id,
        mount_path: '/remote',
      },
      admin,
    );
    expect(mounted.status).toBe(201);
    const listed = await send('GET', '/api/admin/fs/list?path=%2Fremote', {
      authorization: `Bearer ${admin.token}`,
    });
    expect(listed.status).toBe(502);
    const line = await requestLine('GET', '/api/admin/fs/list');
    expect(line).toMatchObject({
      level: 50,
      msg: 'request failed',
      status: 502,
      principal: 'admin',
      route: '/api/admin/fs/list',
      err: { code: 'storage.backend_error' },
    });
    expect(line.err?.message).toMatch(/ECONNREFUSED/);
    // One line for the failure: the request's own.
    expect(lines.filter((l) => l.level >= 50)).toHaveLength(1);
  });
});

describe('request log lines with no proxy trusted', () => {
  const { send } = useSocketServer(0);

  it('carry the socket address, whatever X-Forwarded-For claims', async () => {
    await send('GET', '/api/version', { 'x-forwarded-for': '203.0.113.9' });
    expect(await requestLine('GET', '/api/version')).toMatchObject({
      clientIp: '127.0.0.1',
      route: '/api/version',
      status: 200,
    });
  });
});

describe('a request refused because the server sheds load', () => {
  it('is logged as a warning with its code, neither as a failure nor with a stack', async () => {
    lines.length = 0;
    const app = new Hono<AppEnv>();
    app.onError(errorHandler());
    app.use(requestLog(pino({ level: 'info' }, captured)));
    app.get('/busy', () => {
      throw fsThumbnailBusy('/docs/a.jpg');
    });
    app.get('/broken', () => {
      throw new Error('a real failure');
    });
    expect((await app.request('/busy')).status).toBe(503);
    expect((await app.request('/broken')).status).toBe(500);
    await eventually(() => expect(lines).toHaveLength(2));
    expect(lines[0]).toMatchObject({ level: 40, msg: 'request shed: busy', status: 503 });
    expect(lines[0]?.err).toBeUndefined();
    expect(lines[1]).toMatchObject({ level: 50, msg: 'request failed', status: 500 });
  });
});
