import { once } from 'node:events';
import http from 'node:http';
import {
  type AddressInfo,
  createServer as createTcpServer,
  type Server,
  type Socket,
} from 'node:net';
import type { StorageConfig } from '@sharebin/shared';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_BASIC } from '../../test/dav-kit';
import { type RequestOptions, useTestServer } from '../../test/harness';
import { useRealSocket } from '../../test/real-socket';
import { s3ConfigAt } from '../../test/remote-s3';

/** Short in tests; STORAGE_TIMEOUT in production. */
const STORAGE_TIMEOUT_MS = 1_000;
/** One timeout and the work around it, well short of a second attempt. */
const ANSWER_WITHIN_MS = 1.8 * STORAGE_TIMEOUT_MS;

/** Accepts connections and never answers a byte: a frozen S3. */
let frozen: Server;
let frozenEndpoint: string;
/** Nothing listens here: a storage that is down (connections refused). */
let refusedEndpoint: string;
/** Resets every connection it accepts, as a proxy in front of a storage that is down may. */
let resetting: Server;
let resettingEndpoint: string;
const frozenSockets = new Set<Socket>();

beforeAll(async () => {
  frozen = createTcpServer((socket) => {
    frozenSockets.add(socket);
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => frozen.listen(0, '127.0.0.1', resolve));
  frozenEndpoint = `http://127.0.0.1:${(frozen.address() as AddressInfo).port}`;
  resetting = createTcpServer((socket) => socket.resetAndDestroy());
  await new Promise<void>((resolve) => resetting.listen(0, '127.0.0.1', resolve));
  resettingEndpoint = `http://127.0.0.1:${(resetting.address() as AddressInfo).port}`;
  const closed = createTcpServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  refusedEndpoint = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
  await new Promise((resolve) => closed.close(resolve));
});
afterAll(async () => {
  for (const socket of frozenSockets) socket.destroy();
  await new Promise((resolve) => frozen.close(resolve));
  await new Promise((resolve) => resetting.close(resolve));
});

/** An answer read off a real socket: its status line, and how long it took to come. */
interface TimedAnswer {
  status: number;
  body: string;
  ms: number;
}

describe('a storage that does not answer, over a real socket', () => {
  const t = useTestServer('sqlite', {
    s3Timeouts: { connectMs: STORAGE_TIMEOUT_MS, idleMs: STORAGE_TIMEOUT_MS },
  });
  const served = useRealSocket(t);
  let admin: RequestOptions;

  beforeEach(async () => {
    admin = { token: await t.loginAsAdmin() };
  });

  /** An S3 storage at `endpoint`, mounted at `/docs`. */
  async function mountS3At(endpoint: string) {
    const created = await t.request<StorageConfig>(
      'POST',
      '/api/s3-configs',
      s3ConfigAt(endpoint, 'remote'),
      admin,
    );
    expect(created.status).toBe(201);
    const mounted = await t.request(
      'POST',
      '/api/admin/mounts',
      {
        name: 'docs',
        storage_type: 's3',
        storage_config_id: created.body.data.id,
        mount_path: '/docs',
      },
      admin,
    );
    expect(mounted.status).toBe(201);
  }

  function send(
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: Buffer,
  ): Promise<TimedAnswer> {
    const started = Date.now();
    return new Promise((resolve, reject) => {
      const request = http.request(
        { port: served.port, host: '127.0.0.1', method, path, agent: false, headers },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              body: Buffer.concat(chunks).toString(),
              ms: Date.now() - started,
            }),
          );
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  }

  const listThroughApi = () =>
    send('GET', `/api/admin/fs/list?path=${encodeURIComponent('/docs')}`, {
      authorization: `Bearer ${admin.token}`,
    });

  const propfind = () => send('PROPFIND', '/dav/docs/', { authorization: ADMIN_BASIC, depth: '1' });

  it('answers an API listing of a frozen S3 with 504 storage.timeout within one timeout', async () => {
    await mountS3At(frozenEndpoint);
    const answer = await listThroughApi();
    expect(answer.status).toBe(504);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 504, error: 'storage.timeout' });
    expect(answer.ms).toBeGreaterThanOrEqual(STORAGE_TIMEOUT_MS - 50);
    expect(answer.ms).toBeLessThan(ANSWER_WITHIN_MS);
  });

  it('answers an API listing of a refused S3 with 502 at once', async () => {
    await mountS3At(refusedEndpoint);
    const answer = await listThroughApi();
    expect(answer.status).toBe(502);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 502, error: 'storage.backend_error' });
    expect(answer.ms).toBeLessThan(STORAGE_TIMEOUT_MS);
  });

  it('answers a WebDAV PROPFIND of a frozen S3 with 504 within one timeout', async () => {
    await mountS3At(frozenEndpoint);
    const answer = await propfind();
    expect(answer.status).toBe(504);
    expect(answer.body).toMatch(/did not answer in time/);
    expect(answer.ms).toBeLessThan(ANSWER_WITHIN_MS);
  });

  it('answers a WebDAV PROPFIND of a refused S3 with 502 at once', async () => {
    await mountS3At(refusedEndpoint);
    const answer = await propfind();
    expect(answer.status).toBe(502);
    expect(answer.body).toMatch(/The storage failed/);
    expect(answer.ms).toBeLessThan(STORAGE_TIMEOUT_MS);
  });

  it('answers a WebDAV PROPFIND of an S3 that resets connections with 502 at once', async () => {
    await mountS3At(resettingEndpoint);
    const answer = await propfind();
    expect(answer.status).toBe(502);
    expect(answer.body).toMatch(/The storage failed/);
    expect(answer.ms).toBeLessThan(STORAGE_TIMEOUT_MS);
  });

  const put = () => {
    const body = Buffer.alloc(256 * 1024, 7);
    return send(
      'PUT',
      '/dav/docs/a.bin',
      { authorization: ADMIN_BASIC, 'content-length': String(body.length) },
      body,
    );
  };

  it('answers a WebDAV PUT to a frozen S3 with 504 instead of a reset', async () => {
    await mountS3At(frozenEndpoint);
    const answer = await put();
    expect(answer.status).toBe(504);
    expect(answer.body).toMatch(/did not answer in time/);
    expect(answer.ms).toBeLessThan(ANSWER_WITHIN_MS);
  });

  it('answers a WebDAV PUT to a refused S3 with 502 at once', async () => {
    await mountS3At(refusedEndpoint);
    const answer = await put();
    expect(answer.status).toBe(502);
    expect(answer.body).toMatch(/The storage failed/);
    expect(answer.ms).toBeLessThan(STORAGE_TIMEOUT_MS);
  });
});
