import { once } from 'node:events';
import type http from 'node:http';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../test/harness';
import { useRealSocket } from '../test/real-socket';
import { REFUSED_BODY_DRAIN_BYTES } from './http-server';

const DECLARED = 200 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 7);
/** Socket read-ahead: what Node may take from the kernel before it pauses the request. */
const READ_AHEAD_SLACK = 256 * 1024;

/**
 * Sends a request that declares a 200 MB body and keeps writing it until the server answers and
 * closes; answers the raw answer the client read and how many bytes the server read in all.
 */
async function sendHuge(
  port: number,
  server: http.Server,
  head: string,
  { bodyStart = '', declared = DECLARED } = {},
) {
  let serverRead = 0;
  server.once('connection', (socket: net.Socket) => {
    socket.once('close', () => {
      serverRead = socket.bytesRead;
    });
  });
  const socket = net.connect(port, '127.0.0.1');
  await once(socket, 'connect');
  let answer = '';
  let sent = 0;
  socket.on('data', (data) => {
    answer += data.toString('latin1');
  });
  socket.on('error', () => {}); // the server cuts the rest of the body short
  const closed = once(socket, 'close').catch(() => {});
  socket.write(`${head}Content-Length: ${declared}\r\n\r\n${bodyStart}`);
  const started = Date.now();
  // Writes as a client does that sends the whole body before reading, until the server hangs up.
  while (!socket.destroyed && !socket.writableEnded && sent < declared) {
    sent += CHUNK.length;
    if (!socket.write(CHUNK)) {
      await Promise.race([once(socket, 'drain').catch(() => {}), closed]);
    }
  }
  await closed;
  await new Promise((resolve) => setImmediate(resolve));
  return { answer, sent, serverRead, ms: Date.now() - started };
}

describe('a request refused before its body was read', () => {
  const t = useTestServer('sqlite');
  const served = useRealSocket(t, { idleMs: 10_000, headersMs: 10_000, keepAliveMs: 10_000 });

  const expectBounded = (result: Awaited<ReturnType<typeof sendHuge>>) => {
    expect(result.serverRead).toBeLessThan(REFUSED_BODY_DRAIN_BYTES + READ_AHEAD_SLACK);
    expect(result.sent).toBeLessThan(64 * 1024 * 1024);
    expect(result.answer).toMatch(/connection: close/i);
  };

  it('answers a form too large by its length, reading at most the bound', async () => {
    const { admin } = await t.signInWithLocalStorage();
    const result = await sendHuge(
      served.port,
      served.server,
      'POST /api/upload HTTP/1.1\r\nHost: x\r\n' +
        `Authorization: Bearer ${admin.token}\r\n` +
        'Content-Type: multipart/form-data; boundary=b\r\n',
    );
    expect(result.answer).toMatch(/^HTTP\/1\.1 413/);
    expect(result.answer).toContain('"file.too_large"');
    expectBounded(result);
  });

  it('answers an upload without credentials, reading at most the bound', async () => {
    const result = await sendHuge(
      served.port,
      served.server,
      'POST /api/upload HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\n',
    );
    expect(result.answer).toMatch(/^HTTP\/1\.1 401/);
    expectBounded(result);
  });

  it('answers a local signed PUT with a bad signature, reading at most the bound', async () => {
    const { storage } = await t.signInWithLocalStorage();
    const result = await sendHuge(
      served.port,
      served.server,
      `PUT /api/storage/local/${storage.id}/put?key=a&expires=1&signature=forged HTTP/1.1\r\n` +
        'Host: x\r\n',
    );
    expect(result.answer).toMatch(/^HTTP\/1\.1 403/);
    expectBounded(result);
  });

  it('answers a form refused for a field before the file, reading at most the bound', async () => {
    const { admin } = await t.signInWithLocalStorage();
    const boundary = 'refused-field';
    const socketHead =
      'POST /api/upload HTTP/1.1\r\nHost: x\r\n' +
      `Authorization: Bearer ${admin.token}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\n`;
    // The form's first bytes name a slug the API refuses, then the file part begins.
    const formStart =
      `--${boundary}\r\nContent-Disposition: form-data; name="slug"\r\n\r\nnot a slug!\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\n\r\n`;
    // Within the upload limit by its length, so the refusal comes from reading the form.
    const result = await sendHuge(served.port, served.server, socketHead, {
      bodyStart: formStart,
      declared: 90 * 1024 * 1024,
    });
    expect(result.answer).toMatch(/^HTTP\/1\.1 400/);
    expectBounded(result);
  });
});
