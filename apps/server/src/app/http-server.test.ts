import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { useTestServer } from '../test/harness';
import { createHttpServer } from './http-server';

const TIMEOUTS = { idleMs: 1_000, headersMs: 1_000, keepAliveMs: 1_000 };

describe('the HTTP server', () => {
  const t = useTestServer('sqlite');
  let server: http.Server | undefined;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });

  async function listen(): Promise<number> {
    server = createHttpServer({ fetch: t.server.app.fetch, timeouts: TIMEOUTS });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    return (server.address() as AddressInfo).port;
  }

  it('turns off Node’s whole-request timeout (5 minutes by default)', async () => {
    await listen();
    expect(server?.requestTimeout).toBe(0);
    expect(server?.headersTimeout).toBe(TIMEOUTS.headersMs);
    expect(server?.keepAliveTimeout).toBe(TIMEOUTS.keepAliveMs);
  });

  it('accepts an upload that trickles in for longer than every timeout', async () => {
    const port = await listen();
    const { admin } = await t.signInWithLocalStorage();
    const boundary = 'slow-link-boundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.bin"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const pieces = Array.from({ length: 12 }, (_, i) => Buffer.alloc(1024, i));
    const length = head.length + tail.length + pieces.reduce((sum, p) => sum + p.length, 0);

    const request = http.request({
      port,
      host: '127.0.0.1',
      method: 'POST',
      path: '/api/upload',
      agent: false,
      headers: {
        authorization: `Bearer ${admin.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(length),
      },
    });
    const answered = once(request, 'response') as Promise<[http.IncomingMessage]>;
    const started = Date.now();
    request.write(head);
    // The pace of a slow link: a piece every 250 ms, 3 s in all, three times the timeouts.
    for (const piece of pieces) {
      await delay(250);
      request.write(piece);
    }
    request.end(tail);
    const [response] = await answered;
    const body = JSON.parse(await new Response(response as unknown as ReadableStream).text());
    expect(Date.now() - started).toBeGreaterThan(2 * TIMEOUTS.idleMs);
    expect(response.statusCode).toBe(201);
    expect(body.data.file_size ?? body.data.size).toBe(12 * 1024);
  });

  it('keeps the connection while the server works longer than the idle timeout', async () => {
    const working = createHttpServer({
      fetch: async () => {
        await delay(2.5 * TIMEOUTS.idleMs);
        return new Response('done');
      },
      timeouts: TIMEOUTS,
    });
    server = working;
    working.listen(0, '127.0.0.1');
    await once(working, 'listening');
    const { port } = working.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/slow`, { method: 'POST', body: 'x' });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('done');
  });

  it('cuts a connection that goes silent mid-request', async () => {
    const port = await listen();
    const token = await t.loginAsAdmin();
    const socket = net.connect(port, '127.0.0.1');
    await once(socket, 'connect');
    const started = Date.now();
    socket.write(
      `POST /api/paste HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"content":',
    );
    const received: Buffer[] = [];
    socket.on('data', (chunk) => received.push(chunk));
    await once(socket, 'close');
    expect(Date.now() - started).toBeGreaterThanOrEqual(TIMEOUTS.idleMs - 50);
    expect(Date.now() - started).toBeLessThan(TIMEOUTS.idleMs * 5);
    // Cut, not answered: the paste was never created.
    expect(Buffer.concat(received).toString()).toBe('');
    expect(await t.db.selectFrom('pastes').select('id').execute()).toEqual([]);
  });

  it('cuts a connection that never finishes its headers', async () => {
    const port = await listen();
    const socket = net.connect(port, '127.0.0.1');
    await once(socket, 'connect');
    const started = Date.now();
    socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n');
    const received: Buffer[] = [];
    socket.on('data', (chunk) => received.push(chunk));
    await once(socket, 'close');
    expect(Date.now() - started).toBeLessThan(TIMEOUTS.headersMs * 5);
    expect(Buffer.concat(received).toString()).not.toContain('200 OK');
  });
});
