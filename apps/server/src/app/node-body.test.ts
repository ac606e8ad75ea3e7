import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readdirSync, readlinkSync, writeFileSync } from 'node:fs';
import { truncate } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_BASIC } from '../test/dav-kit';
import { eventually } from '../test/eventually';
import { useTestServer } from '../test/harness';
import { createHttpServer } from './http-server';
import { withNodeBody } from './node-body';

/** Descriptors of this process open on `file`. */
const openOn = (file: string) =>
  readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`) === file;
    } catch {
      return false; // closed meanwhile
    }
  }).length;

/** A request over a real socket; `onResponse` decides what to do with the answer. */
function get(
  port: number,
  target: string,
  headers: Record<string, string>,
  method = 'GET',
): Promise<{ response: http.IncomingMessage; request: http.ClientRequest }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path: target, method, headers });
    request.on('response', (response) => resolve({ response, request }));
    request.on('error', reject);
    request.end();
  });
}

async function bodyOf(response: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('file bodies sent from their Node stream', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sharebin-node-body-'));
  const t = useTestServer('sqlite', { dataDir });
  let server: http.Server;
  let port: number;
  let folder: string;
  let bearer: string;
  /** 300 KiB of varied bytes: streamed (above the 64 KiB read at once), in several chunks. */
  const content = Buffer.from(Array.from({ length: 300 * 1024 }, (_, i) => (i * 7 + 3) % 251));

  beforeEach(async () => {
    server = createHttpServer({
      fetch: t.server.app.fetch,
      timeouts: { idleMs: 60_000, headersMs: 60_000, keepAliveMs: 5_000 },
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as AddressInfo).port;
    const { admin, storage } = await t.signInWithLocalStorage();
    bearer = `Bearer ${admin.token}`;
    folder = path.join(dataDir, 'storage', storage.id);
    mkdirSync(path.join(folder, 'files'), { recursive: true });
    writeFileSync(path.join(folder, 'files', 'data.bin'), content);
    const mounted = await t.request(
      'POST',
      '/api/admin/mounts',
      { name: 'docs', storage_type: 'local', storage_config_id: storage.id, mount_path: '/docs' },
      admin,
    );
    expect(mounted.status).toBe(201);
  });
  afterEach(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const transports = [
    {
      name: 'WebDAV GET',
      target: '/dav/docs/files/data.bin',
      auth: () => ADMIN_BASIC,
      // Set by dav-read on the answer after objectResponse made it.
      extraHeader: 'last-modified',
    },
    {
      name: 'fs/download',
      target: '/api/admin/fs/download?path=/docs/files/data.bin',
      auth: () => bearer,
      extraHeader: 'content-disposition',
    },
  ];

  for (const { name, target, auth, extraHeader } of transports) {
    it(`answers a ${name} whole, by Range, and to HEAD, closing the file each time`, async () => {
      const file = path.join(folder, 'files', 'data.bin');
      const whole = await get(port, target, { authorization: auth() });
      expect(whole.response.statusCode).toBe(200);
      expect(whole.response.headers['content-length']).toBe(String(content.length));
      expect(whole.response.headers['x-content-type-options']).toBe('nosniff');
      expect(whole.response.headers['x-hono-already-sent']).toBeUndefined();
      expect(whole.response.headers[extraHeader]).toBeTruthy();
      expect(whole.response.headers.etag).toBeTruthy();
      expect((await bodyOf(whole.response)).equals(content)).toBe(true);

      const ranged = await get(port, target, { authorization: auth(), range: 'bytes=70000-' });
      expect(ranged.response.statusCode).toBe(206);
      expect(ranged.response.headers['content-range']).toBe(
        `bytes 70000-${content.length - 1}/${content.length}`,
      );
      expect((await bodyOf(ranged.response)).equals(content.subarray(70_000))).toBe(true);

      const head = await get(port, target, { authorization: auth() }, 'HEAD');
      expect(head.response.statusCode).toBe(200);
      expect(head.response.headers['content-length']).toBe(String(content.length));
      expect(await bodyOf(head.response)).toHaveLength(0);
      await eventually(() => expect(openOn(file)).toBe(0));
    });
  }

  it('closes the file when the client hangs up in the middle of a download', async () => {
    // Far more than the socket buffers hold: the server is still sending when the client goes.
    const big = path.join(folder, 'files', 'big.bin');
    writeFileSync(big, '');
    await truncate(big, 256 * 1024 * 1024);
    for (const { target, auth } of transports) {
      const { response, request } = await get(port, target.replace('data.bin', 'big.bin'), {
        authorization: auth(),
      });
      expect(response.statusCode).toBe(200);
      response.pause();
      // Open while the answer waits for the client to read on.
      await eventually(() => expect(openOn(big)).toBe(1));
      request.destroy();
      await eventually(() => expect(openOn(big)).toBe(0));
    }
  });
});

describe('withNodeBody', () => {
  async function serving(fetch: () => Response) {
    const server = createHttpServer({
      fetch,
      timeouts: { idleMs: 60_000, headersMs: 60_000, keepAliveMs: 5_000 },
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    return {
      port: (server.address() as AddressInfo).port,
      async close() {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      },
    };
  }

  it('pipes any other stream (an S3 body) and destroys it when the client hangs up', async () => {
    const chunk = Buffer.alloc(64 * 1024, 1);
    const endless = new Readable({ read: () => void endless.push(chunk) });
    const served = await serving(() =>
      withNodeBody(new Response('unused', { headers: { 'content-length': String(2 ** 40) } }), {
        source: endless,
      }),
    );
    try {
      const { response, request } = await get(served.port, '/', {});
      expect(response.statusCode).toBe(200);
      await once(response, 'data');
      request.destroy();
      await eventually(() => expect(endless.destroyed).toBe(true));
    } finally {
      await served.close();
    }
  });

  it('has the HTTP server send the Node stream, not the web body, with the headers set last', async () => {
    let counted = 0;
    const served = await serving(() => {
      const web = new ReadableStream({ start: (c) => c.enqueue(new TextEncoder().encode('web')) });
      const response = new Response(web, { headers: { 'content-length': '4' } });
      response.headers.set('x-set-later', 'yes');
      return withNodeBody(response, {
        source: Readable.from([Buffer.from('no'), Buffer.from('de')]),
        onChunk: (bytes) => {
          counted += bytes;
        },
      });
    });
    try {
      const { response } = await get(served.port, '/', {});
      expect(response.headers['x-set-later']).toBe('yes');
      expect((await bodyOf(response)).toString()).toBe('node');
      expect(counted).toBe(4);
    } finally {
      await served.close();
    }
  });
});
