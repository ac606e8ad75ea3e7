import type { StorageConfig } from '@sharebin/shared';
import { afterEach, beforeEach } from 'vitest';
import { createServer, type Server } from '../app/create-server';
import { initialiseInstance } from '../app/start-up';
import type { ServerDeps } from '../app/wiring/server-deps';
import type { DatabaseHandle } from '../modules/shared/db';
import { fsClient } from './fs-client';
import {
  ADMIN,
  createTestClock,
  createTestSchema,
  type RequestOptions,
  sendRequest,
  signInAdmin,
  type TestClock,
  testServerDeps,
} from './harness';

export interface TestInstance {
  readonly server: Server;
  readonly database: DatabaseHandle;
  /** Runs this instance's start-up (migrations, key check, admin, default storage). */
  start(): ReturnType<typeof initialiseInstance>;
  request<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    options?: RequestOptions,
  ): ReturnType<typeof sendRequest<T>>;
  loginAsAdmin(): Promise<string>;
}

/**
 * Two instances of the app, each with its own server and connection pool, on one empty
 * PostgreSQL schema, as two processes behind a load balancer would be (ARCHITECTURE §9).
 * Nothing is started: a test calls `start()` on each, together or in turn. Needs
 * `TEST_POSTGRES_URL`; call inside a `describe` block.
 */
/** One instance of the app (a server of its own) on `database`. */
export function testInstance(
  database: DatabaseHandle,
  clock: TestClock,
  overrides: Partial<ServerDeps> = {},
): TestInstance {
  const server = createServer(testServerDeps({ db: database.db, clock, ...overrides }));
  return {
    server,
    database,
    start: () => initialiseInstance({ database, server, admin: ADMIN }),
    request: (method, path, body, options) => sendRequest(server.app, method, path, body, options),
    loginAsAdmin: () => signInAdmin(server.app),
  };
}

/** What an instance gets beyond the defaults; a function for what needs the instance's database. */
export type InstanceDepsFactory = (database: DatabaseHandle) => Promise<Partial<ServerDeps>>;
export type InstanceDeps = Partial<ServerDeps> | InstanceDepsFactory;

export function useTwoInstances(deps: [InstanceDeps, InstanceDeps] = [{}, {}]) {
  const context = {} as {
    instances: [TestInstance, TestInstance];
    schema: Awaited<ReturnType<typeof createTestSchema>>;
    clock: TestClock;
  };

  async function instance(extra: InstanceDeps): Promise<TestInstance> {
    const database = context.schema.open();
    const overrides = typeof extra === 'function' ? await extra(database) : extra;
    return testInstance(database, context.clock, overrides);
  }

  beforeEach(async () => {
    context.schema = await createTestSchema();
    context.clock = createTestClock();
    context.instances = [await instance(deps[0]), await instance(deps[1])];
  });

  afterEach(async () => {
    try {
      for (const { server, database } of context.instances ?? []) {
        await server.drivers.closeAll();
        await server.caches.close();
        await database.db.destroy();
      }
    } finally {
      await context.schema?.drop();
    }
  });

  return {
    get instances() {
      return context.instances;
    },
    get clock() {
      return context.clock;
    },
  };
}

/**
 * Starts both instances and mounts a folder of a fresh name on the default local storage;
 * answers the admin's file-system client (on the first instance) and that folder.
 */
export async function startedWithMount(
  [a, b]: [TestInstance, TestInstance],
  mountFields: Record<string, unknown> = {},
) {
  await a.start();
  await b.start();
  const admin = { token: await a.loginAsAdmin() };
  const fs = fsClient(
    () => a.server,
    () => admin,
  );
  const configs = await fs.request<StorageConfig[]>('GET', '/api/s3-configs');
  const local = configs.body.data[0] as StorageConfig;
  const folder = `/run-${Math.random().toString(36).slice(2, 8)}`;
  await fs.mount(folder, local.id, mountFields);
  return { admin, fs, folder };
}
