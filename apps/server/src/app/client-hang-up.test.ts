import { once } from 'node:events';
import net from 'node:net';
import { Writable } from 'node:stream';
import type { MultipartInitResponse } from '@sharebin/shared';
import pino from 'pino';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_BASIC } from '../test/dav-kit';
import { eventually } from '../test/eventually';
import { useTestServer } from '../test/harness';
import { useRealSocket } from '../test/real-socket';

interface LogLine {
  level: number;
  msg: string;
  status?: number;
  method?: string;
  path?: string;
}

/** Every JSON line the server's pino logger writes, parsed. */
const lines: LogLine[] = [];
const captured = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});

const DECLARED_BYTES = 1024 * 1024;
const SENT_BYTES = 10 * 1024;

describe('a client that hangs up mid-request', () => {
  const t = useTestServer('sqlite', { logger: pino({ level: 'info' }, captured) });
  const served = useRealSocket(t);
  let admin: { token: string };

  beforeEach(async () => {
    lines.length = 0;
    const signedIn = await t.signInWithLocalStorage();
    admin = { token: signedIn.admin.token as string };
    const mounted = await t.request(
      'POST',
      '/api/admin/mounts',
      {
        name: 'docs',
        storage_type: 'local',
        storage_config_id: signedIn.storage.id,
        mount_path: '/docs',
      },
      admin,
    );
    expect(mounted.status).toBe(201);
  });

  /** Sends the head and the first bytes of a request's body, then drops the socket. */
  async function hangUpDuring(head: string, firstBytes: Buffer) {
    const socket = net.connect(served.port, '127.0.0.1');
    socket.on('error', () => {});
    await once(socket, 'connect');
    socket.write(head);
    socket.write(firstBytes);
    // Long enough for the server to be streaming the body into the storage.
    await new Promise((resolve) => setTimeout(resolve, 200));
    socket.destroy();
  }

  async function namesInDocs() {
    const listed = await t.request<{ items: { name: string }[] }>(
      'GET',
      '/api/admin/fs/list?path=/docs',
      undefined,
      admin,
    );
    expect(listed.status).toBe(200);
    return listed.body.data.items.map((item) => item.name);
  }

  const requestLine = (method: string, path: string) =>
    lines.find((line) => line.msg === 'request' && line.method === method && line.path === path);

  it('logs an aborted WebDAV PUT at info as 499, with no error line', async () => {
    await hangUpDuring(
      'PUT /dav/docs/big.bin HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
        `Authorization: ${ADMIN_BASIC}\r\nContent-Length: ${DECLARED_BYTES}\r\n\r\n`,
      Buffer.alloc(SENT_BYTES, 1),
    );
    await eventually(() => expect(requestLine('PUT', '/dav/docs/big.bin')).toBeDefined());
    expect(requestLine('PUT', '/dav/docs/big.bin')).toMatchObject({ level: 30, status: 499 });
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
  });

  // A small body is read whole before it is stored: a hang-up before its end stores nothing.
  it('logs an aborted small WebDAV PUT as 499 and stores nothing', async () => {
    await hangUpDuring(
      'PUT /dav/docs/small.txt HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
        `Authorization: ${ADMIN_BASIC}\r\nContent-Length: 4000\r\n\r\n`,
      Buffer.alloc(1000, 1),
    );
    await eventually(() => expect(requestLine('PUT', '/dav/docs/small.txt')).toBeDefined());
    expect(requestLine('PUT', '/dav/docs/small.txt')).toMatchObject({ level: 30, status: 499 });
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    expect(await namesInDocs()).not.toContain('small.txt');
  });

  it('logs an aborted multipart part upload at info as 499, with no error line', async () => {
    const init = await t.request<MultipartInitResponse>(
      'POST',
      '/api/s3/multipart/init',
      { filename: 'big.bin', size: 6 * DECLARED_BYTES },
      admin,
    );
    expect(init.status).toBe(200);
    const urls = await t.request<{ parts: { url: string }[] }>(
      'POST',
      '/api/s3/multipart/parts',
      { file_id: init.body.data.file_id, part_numbers: [1] },
      admin,
    );
    const url = new URL(urls.body.data.parts[0]?.url as string, 'http://127.0.0.1');
    await hangUpDuring(
      `PUT ${url.pathname}${url.search} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
        `Content-Length: ${init.body.data.part_size}\r\n\r\n`,
      Buffer.alloc(SENT_BYTES, 1),
    );
    await eventually(() => expect(requestLine('PUT', url.pathname)).toBeDefined());
    expect(requestLine('PUT', url.pathname)).toMatchObject({ level: 30, status: 499 });
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
  });

  // A large file streams into the storage; a small request's file is read whole first.
  it.each([
    { file: 'big.bin', declared: DECLARED_BYTES, sent: SENT_BYTES },
    { file: 'small.bin', declared: 4000, sent: 1000 },
  ])(
    'logs an aborted API upload of $file at info as 499, stores nothing',
    async ({ file, declared, sent }) => {
      const boundary = 'hang-up-boundary';
      await hangUpDuring(
        'POST /api/admin/fs/upload HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
          `Authorization: Bearer ${admin.token}\r\n` +
          `Content-Type: multipart/form-data; boundary=${boundary}\r\n` +
          `Content-Length: ${declared}\r\n\r\n`,
        Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="path"\r\n\r\n/docs\r\n` +
              `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file}"\r\n` +
              'Content-Type: application/octet-stream\r\n\r\n',
          ),
          Buffer.alloc(sent, 1),
        ]),
      );
      await eventually(() => expect(requestLine('POST', '/api/admin/fs/upload')).toBeDefined());
      expect(requestLine('POST', '/api/admin/fs/upload')).toMatchObject({ level: 30, status: 499 });
      expect(lines.filter((line) => line.level >= 50)).toEqual([]);
      expect(await namesInDocs()).not.toContain(file);
    },
  );
});
