import { once } from 'node:events';
import { mkdtempSync, readdirSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_BASIC } from '../test/dav-kit';
import { type RequestOptions, uploadForm, useTestServer } from '../test/harness';
import { mountTmpfs, type Tmpfs } from '../test/tmpfs';
import { createHttpServer } from './http-server';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

const MIB = 1024 * 1024;
const TIMEOUTS = { idleMs: 10_000, headersMs: 10_000, keepAliveMs: 1_000 };

/** Files (not folders) under `root`, by path relative to it. */
const filesUnder = (root: string) =>
  readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));

describe('a full disk over a real socket', () => {
  // DATA_DIR (and so the default local storage) is a 1 MiB tmpfs, mounted before each server
  // takes it (useTestServer's beforeEach runs after this beforeAll).
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sharebin-full-socket-'));
  let smallDisk: Tmpfs | string = 'not mounted yet';
  beforeAll(() => {
    smallDisk = mountTmpfs({ sizeBytes: MIB, at: dataDir });
  });
  afterAll(() => {
    if (typeof smallDisk !== 'string') smallDisk.unmount();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const t = useTestServer('sqlite', { dataDir });

  let httpServer: http.Server | undefined;
  afterEach(async () => {
    httpServer?.closeAllConnections();
    await new Promise((resolve) => httpServer?.close(resolve));
    httpServer = undefined;
  });

  async function listen(): Promise<string> {
    httpServer = createHttpServer({ fetch: t.server.app.fetch, timeouts: TIMEOUTS });
    httpServer.listen(0, '127.0.0.1');
    await once(httpServer, 'listening');
    return `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
  }

  async function setUp(): Promise<{ base: string; admin: RequestOptions }> {
    const { admin, storage } = await t.signInWithLocalStorage();
    const mounted = await t.request(
      'POST',
      '/api/admin/mounts',
      { name: 'docs', storage_type: 'local', storage_config_id: storage.id, mount_path: '/docs' },
      admin,
    );
    expect(mounted.status).toBe(201);
    filesBefore = storedFiles();
    return { base: await listen(), admin };
  }

  let filesBefore: string[] = [];
  const storedFiles = () =>
    filesUnder(dataDir)
      .filter((name) => !name.startsWith('sharebin.db'))
      .sort();

  const bearer = (admin: RequestOptions) => ({ authorization: `Bearer ${admin.token}` });

  async function expectFullAndNothingKept(response: Response, json = true) {
    const text = await response.text();
    expect([response.status, text]).toEqual([507, expect.any(String)]);
    if (json) {
      const body = JSON.parse(text);
      expect(body.error).toBe('storage.full');
      expect(body.code).toBe(507);
    }
    // The disk is shared by the tests of this file: nothing beyond what was there before.
    expect(storedFiles()).toEqual(filesBefore);
    expect(await t.db.selectFrom('fs_uploads').selectAll().execute()).toEqual([]);
    expect(await t.db.selectFrom('file_shares').select('slug').execute()).toEqual([]);
  }

  const big = () => Buffer.alloc(2 * MIB, 7);

  it.skipIf(process.getuid?.() !== 0)('answers 507 on POST /api/upload', async (context) => {
    if (typeof smallDisk === 'string') return context.skip(smallDisk);
    const { base, admin } = await setUp();
    const response = await fetch(`${base}/api/upload`, {
      method: 'POST',
      headers: bearer(admin),
      body: uploadForm(big(), 'big.bin'),
    });
    await expectFullAndNothingKept(response);
    const small = await fetch(`${base}/api/upload`, {
      method: 'POST',
      headers: bearer(admin),
      body: uploadForm(Buffer.from('fits'), 'small.txt'),
    });
    expect(small.status).toBe(201);
  });

  it.skipIf(process.getuid?.() !== 0)('answers 507 on the fs upload route', async (context) => {
    if (typeof smallDisk === 'string') return context.skip(smallDisk);
    const { base, admin } = await setUp();
    const response = await fetch(`${base}/api/admin/fs/upload`, {
      method: 'POST',
      headers: bearer(admin),
      body: uploadForm(big(), 'big.bin', { path: '/docs' }),
    });
    await expectFullAndNothingKept(response);
    const small = await fetch(`${base}/api/admin/fs/upload`, {
      method: 'POST',
      headers: bearer(admin),
      body: uploadForm(Buffer.from('fits'), 'small.txt', { path: '/docs' }),
    });
    expect(small.status).toBe(201);
  });

  it.skipIf(process.getuid?.() !== 0)(
    'answers 507 Insufficient Storage on WebDAV PUT, with and without Content-Length',
    async (context) => {
      if (typeof smallDisk === 'string') return context.skip(smallDisk);
      const { base } = await setUp();
      const sized = await fetch(`${base}/dav/docs/big.bin`, {
        method: 'PUT',
        headers: { authorization: ADMIN_BASIC, 'content-length': String(2 * MIB) },
        body: big(),
      });
      await expectFullAndNothingKept(sized, false);

      const bytes = big();
      const chunked = await fetch(`${base}/dav/docs/chunked.bin`, {
        method: 'PUT',
        headers: { authorization: ADMIN_BASIC },
        body: new ReadableStream({
          start(controller) {
            for (let at = 0; at < bytes.length; at += 64 * 1024) {
              controller.enqueue(bytes.subarray(at, at + 64 * 1024));
            }
            controller.close();
          },
        }),
        duplex: 'half',
      } as RequestInit);
      await expectFullAndNothingKept(chunked, false);

      const small = await fetch(`${base}/dav/docs/small.txt`, {
        method: 'PUT',
        headers: { authorization: ADMIN_BASIC },
        body: 'fits',
      });
      expect(small.status).toBe(201);
    },
  );

  it.skipIf(process.getuid?.() !== 0)(
    'answers 507 on a small WebDAV PUT (written from memory) when the disk has less room',
    async (context) => {
      if (typeof smallDisk === 'string') return context.skip(smallDisk);
      const { base } = await setUp();
      // Leaves about 16 KiB free: a 48 KiB file, below WHOLE_BODY_MAX_BYTES, does not fit.
      const filler = path.join(dataDir, 'filler.bin');
      const { bavail, bsize } = statfsSync(dataDir);
      writeFileSync(filler, Buffer.alloc(Math.max(0, bavail * bsize - 16 * 1024)));
      filesBefore = storedFiles();
      try {
        const response = await fetch(`${base}/dav/docs/small-but-too-big.bin`, {
          method: 'PUT',
          headers: { authorization: ADMIN_BASIC, 'content-length': String(48 * 1024) },
          body: Buffer.alloc(48 * 1024, 3),
        });
        await expectFullAndNothingKept(response, false);
      } finally {
        rmSync(filler);
      }
    },
  );
});
