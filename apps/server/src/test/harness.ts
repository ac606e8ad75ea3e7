import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MultipartInitResponse, StorageConfig } from '@sharebin/shared';
import pg from 'pg';
import pino from 'pino';
import { afterEach, beforeEach } from 'vitest';
import { createServer, type Server } from '../app/create-server';
import type { ServerDeps } from '../app/wiring/server-deps';
import { migrateToLatest } from '../migrations';
import type { Clock } from '../modules/shared/clock';
import {
  type DatabaseEngine,
  type DatabaseHandle,
  openPostgres,
  openSqlite,
  type PostgresOptions,
} from '../modules/shared/db';
import { addressPolicy } from '../modules/uploads/url/address-policy';

/** SQLite always; PostgreSQL too when `TEST_POSTGRES_URL` is set (CI sets it). */
export const ENGINES: DatabaseEngine[] = process.env.TEST_POSTGRES_URL
  ? ['sqlite', 'postgres']
  : ['sqlite'];

export const ADMIN = { username: 'admin', password: 'correct-horse-battery' } as const;

export interface TestClock extends Clock {
  advance(ms: number): void;
}

export function createTestClock(start = Date.parse('2026-06-01T12:00:00Z')): TestClock {
  let now = start;
  return {
    now: () => now,
    advance: (ms) => {
      now += ms;
    },
  };
}

/** An empty PostgreSQL schema of its own on `TEST_POSTGRES_URL`, dropped with everything in it. */
export async function createTestSchema(): Promise<{
  open(options?: Partial<PostgresOptions>): DatabaseHandle;
  drop(): Promise<void>;
}> {
  const connectionString = process.env.TEST_POSTGRES_URL as string;
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  return {
    open: (options = {}) =>
      openPostgres({
        connectionString,
        schema,
        maxConnections: 10,
        // The pool drops a broken connection by itself; tests that break connections on
        // purpose pass a handler of their own.
        onConnectionError: () => {},
        ...options,
      }),
    async drop() {
      const cleanup = new pg.Client({ connectionString });
      await cleanup.connect();
      await cleanup.query(`drop schema ${schema} cascade`);
      await cleanup.end();
    },
  };
}

/** A freshly migrated database: in-memory SQLite, or a PostgreSQL schema of its own. */
export async function createTestDatabase(
  engine: DatabaseEngine,
): Promise<DatabaseHandle & { drop(): Promise<void> }> {
  if (engine === 'sqlite') {
    const handle = openSqlite(':memory:');
    await migrateToLatest(handle);
    return { ...handle, drop: () => handle.db.destroy() };
  }
  const schema = await createTestSchema();
  const handle = schema.open();
  await migrateToLatest(handle);
  return {
    ...handle,
    async drop() {
      await handle.db.destroy();
      await schema.drop();
    },
  };
}

/** What every test server gets unless the test says otherwise. */
/** scrypt's N in tests: 32 times cheaper than production's, so a sign-in costs milliseconds. */
export const TEST_PASSWORD_HASH_COST = 2 ** 10;

export function testServerDeps(
  deps: Pick<ServerDeps, 'db' | 'clock'> & Partial<ServerDeps>,
): ServerDeps {
  return {
    logger: pino({ level: 'silent' }),
    version: 'test',
    secretKey: 'test-secret-key-0123456789abcdef',
    adminSessionTtlMs: 24 * 3_600_000,
    maxPasteBytes: 64 * 1024,
    urlAddressPolicy: addressPolicy({ allowPrivate: false }),
    dataDir: mkdtempSync(path.join(tmpdir(), 'sharebin-test-')),
    publicUrl: '',
    trustProxyHops: 1,
    corsOrigins: [],
    passwordHashCost: TEST_PASSWORD_HASH_COST,
    ...deps,
  };
}

export interface TestResponse<T = unknown> {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests read envelopes of every shape
  body: { code: number; message: string; data: T; error?: string; details?: any };
}

export type RequestOptions = { token?: string; apiKey?: string; headers?: Record<string, string> };

/** The form of POST /api/upload: the fields first and the file last, as the web app sends it. */
export function uploadForm(
  bytes: Buffer,
  filename: string,
  fields: Record<string, string> = {},
  type = 'application/octet-stream',
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), filename);
  return form;
}

/** One request through `app.request()`, with JSON or a form as the body; the envelope parsed. */
export async function sendRequest<T = unknown>(
  app: Server['app'],
  method: string,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<TestResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.apiKey) headers.authorization = `ApiKey ${options.apiKey}`;
  const form = body instanceof FormData;
  if (body !== undefined && !form) headers['content-type'] ??= 'application/json';
  const response = await app.request(path, {
    method,
    headers,
    body:
      body === undefined || form || typeof body === 'string'
        ? (body as FormData | string | undefined)
        : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text ? JSON.parse(text) : undefined,
  };
}

/** Signs the test admin in; answers the admin token. */
export async function signInAdmin(app: Server['app']): Promise<string> {
  const response = await sendRequest<{ token: string }>(app, 'POST', '/api/admin/login', ADMIN);
  if (response.status !== 200)
    throw new Error(`admin login failed: ${JSON.stringify(response.body)}`);
  return response.body.data.token;
}

/**
 * A server over a fresh database for each test, with the admin created, a test clock and a
 * small request helper. Call inside a `describe` block.
 */
export function useTestServer(engine: DatabaseEngine, overrides: Partial<ServerDeps> = {}) {
  const context = {} as {
    server: ReturnType<typeof createServer>;
    database: Awaited<ReturnType<typeof createTestDatabase>>;
    clock: TestClock;
    deps: ServerDeps;
  };

  beforeEach(async () => {
    context.database = await createTestDatabase(engine);
    context.clock = createTestClock();
    context.deps = testServerDeps({
      db: context.database.db,
      clock: context.clock,
      ...overrides,
    });
    context.server = createServer(context.deps);
    await context.server.useCases.auth.ensureAdmin(ADMIN);
  });

  afterEach(async () => {
    // Runs even when beforeEach failed half-way, so that no pool or schema is left behind.
    try {
      await context.server?.drivers.closeAll();
    } finally {
      await context.database?.drop();
    }
  });

  const request = <T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    options: RequestOptions = {},
  ) => sendRequest<T>(context.server.app, method, path, body, options);

  const loginAsAdmin = () => signInAdmin(context.server.app);

  /** Signs the admin in over a server whose default local storage exists; answers both. */
  async function signInWithLocalStorage(): Promise<{
    admin: RequestOptions;
    storage: StorageConfig;
  }> {
    const admin = { token: await loginAsAdmin() };
    await context.server.useCases.storage.ensureDefaultStorage();
    const configs = await request<StorageConfig[]>('GET', '/api/s3-configs', undefined, admin);
    return { admin, storage: configs.body.data[0] as StorageConfig };
  }

  /** Sets the upload limit (system settings), as the admin does. */
  async function limitUploads(admin: RequestOptions, size: number, unit: 'KB' | 'MB' | 'GB') {
    const response = await request(
      'PUT',
      '/api/admin/system-settings',
      { max_upload_size: size, max_upload_size_unit: unit },
      admin,
    );
    if (response.status !== 200) throw new Error(`settings: ${JSON.stringify(response.body)}`);
  }

  /** Adds an S3 storage with `fields` (s3rver's), in a folder of its own; answers its config. */
  async function addS3Storage(
    admin: RequestOptions,
    fields: Record<string, unknown>,
  ): Promise<StorageConfig> {
    const created = await request<StorageConfig>(
      'POST',
      '/api/s3-configs',
      { ...fields, name: 's3rver', default_folder: `run-${randomBytes(4).toString('hex')}` },
      admin,
    );
    if (created.status !== 201) throw new Error(`storage: ${JSON.stringify(created.body)}`);
    return created.body.data;
  }

  /**
   * PUTs a file's parts to the part URLs of a multipart upload (all parts, or `numbers`), as the
   * browser does; answers each part's number and ETag.
   */
  async function sendParts(
    flow: '/api/s3' | '/api/url',
    init: MultipartInitResponse,
    bytes: Buffer,
    options: RequestOptions,
    numbers = Array.from({ length: init.part_count }, (_, i) => i + 1),
  ): Promise<{ partNumber: number; etag: string }[]> {
    const urls = await request<{ parts: { partNumber: number; url: string }[] }>(
      'POST',
      `${flow}/multipart/parts`,
      { file_id: init.file_id, part_numbers: numbers },
      options,
    );
    if (urls.status !== 200) throw new Error(`part URLs: ${JSON.stringify(urls.body)}`);
    return Promise.all(
      urls.body.data.parts.map(async ({ partNumber, url }) => {
        const body = bytes.subarray((partNumber - 1) * init.part_size, partNumber * init.part_size);
        const response = await context.server.app.request(url, {
          method: 'PUT',
          body,
          headers: { 'content-length': String(body.length) },
        });
        if (response.status !== 200) throw new Error(`part ${partNumber}: ${response.status}`);
        return { partNumber, etag: response.headers.get('etag') as string };
      }),
    );
  }

  return {
    get server() {
      return context.server;
    },
    get db() {
      return context.database.db;
    },
    get clock() {
      return context.clock;
    },
    /** The server's DATA_DIR (its default local storage lives below it). */
    get dataDir() {
      return context.deps.dataDir;
    },
    /** Another server on this test's database, data folder and clock, as a second instance. */
    secondServer: () => createServer(context.deps),
    request,
    loginAsAdmin,
    signInWithLocalStorage,
    sendParts,
    limitUploads,
    addS3Storage,
  };
}
