import { randomBytes } from 'node:crypto';
import {
  type AddressInfo,
  createServer as createTcpServer,
  type Server,
  type Socket,
} from 'node:net';
import type { FileShare, StorageConfig } from '@sharebin/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ENGINES, type RequestOptions, useTestServer } from '../../test/harness';
import { type S3rverInstance, startS3rver } from '../../test/s3rver';
import { retryDelayMs } from './deletions/object-deletions.usecases';

let s3: S3rverInstance;
/** Accepts connections and never answers: a frozen storage. */
let frozen: Server;
let frozenEndpoint: string;
/** Nothing listens here: a storage that is down. */
let deadEndpoint: string;
const sockets = new Set<Socket>();

beforeAll(async () => {
  s3 = await startS3rver();
  frozen = createTcpServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => frozen.listen(0, '127.0.0.1', resolve));
  frozenEndpoint = `http://127.0.0.1:${(frozen.address() as AddressInfo).port}`;
  const closed = createTcpServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  deadEndpoint = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
  await new Promise((resolve) => closed.close(resolve));
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => frozen.close(resolve));
  await s3.stop();
});

describe.each(ENGINES)('storage faults on %s', (engine) => {
  const t = useTestServer(engine, { s3Timeouts: { connectMs: 1_000, idleMs: 300 } });
  let admin: RequestOptions;
  let config: StorageConfig;
  beforeEach(async () => {
    admin = { token: await t.loginAsAdmin() };
    config = await t.addS3Storage(admin, s3.storageFields);
  });

  /** Points the storage elsewhere; the clock moves so that its driver is rebuilt. */
  async function moveStorageTo(endpoint: string) {
    t.clock.advance(1_000);
    const updated = await t.request('PUT', `/api/s3-configs/${config.id}`, { endpoint }, admin);
    expect(updated.status).toBe(200);
  }

  it('answers 504 storage.timeout when the storage never answers, and stores nothing', async () => {
    await moveStorageTo(frozenEndpoint);
    const started = Date.now();
    const response = await t.request(
      'POST',
      '/api/s3/multipart/init',
      { filename: 'a.bin', size: 10, s3_config_id: config.id },
      admin,
    );
    expect(response.status).toBe(504);
    expect(response.body.error).toBe('storage.timeout');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await t.db.selectFrom('file_shares').selectAll().execute()).toEqual([]);
  });

  it('queues the deletion of an object the storage refused and retries it until done', async () => {
    const form = new FormData();
    form.append('s3_config_id', config.id);
    form.append('file', new Blob([randomBytes(100)]), 'kept.bin');
    const uploaded = await t.server.app.request('/api/upload', {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(uploaded.status).toBe(201);
    const share = ((await uploaded.json()) as { data: FileShare }).data;
    const row = await t.db
      .selectFrom('file_shares')
      .select('storage_path')
      .executeTakeFirstOrThrow();

    await moveStorageTo(deadEndpoint);
    const deleted = await t.request('DELETE', `/api/admin/files/${share.id}`, undefined, admin);
    expect(deleted.status).toBe(200);
    expect(await t.db.selectFrom('file_shares').selectAll().execute()).toEqual([]);
    const queued = await t.db.selectFrom('pending_deletions').selectAll().execute();
    expect(queued).toEqual([
      expect.objectContaining({ storage_config_id: config.id, storage_path: row.storage_path }),
    ]);

    // Still down at the next attempt: the entry stays, and waits longer.
    t.clock.advance(retryDelayMs(1));
    expect((await t.server.housekeeping()).objects).toEqual({ deleted: 0, failed: 1 });
    const waiting = await t.db
      .selectFrom('pending_deletions')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(waiting.attempts).toBe(2);
    expect(waiting.next_attempt_at).toBe(t.clock.now() + retryDelayMs(2));

    await moveStorageTo(s3.endpoint);
    const driver = await t.server.drivers.forConfig(config.id);
    expect(await driver.head(row.storage_path)).not.toBeNull();
    t.clock.advance(retryDelayMs(2));
    expect((await t.server.housekeeping()).objects).toEqual({ deleted: 1, failed: 0 });
    expect(await driver.head(row.storage_path)).toBeNull();
    expect(await t.db.selectFrom('pending_deletions').selectAll().execute()).toEqual([]);
  });
});
