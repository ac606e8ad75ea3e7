import { afterEach, beforeEach } from 'vitest';
import { createServer, type Server, type ServerDeps } from '../app/create-server';
import { initialiseInstance } from '../app/start-up';
import type { DatabaseHandle } from '../modules/shared/db';
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
export function useTwoInstances(deps: [Partial<ServerDeps>, Partial<ServerDeps>] = [{}, {}]) {
  const context = {} as {
    instances: [TestInstance, TestInstance];
    schema: Awaited<ReturnType<typeof createTestSchema>>;
    clock: TestClock;
  };

  function instance(overrides: Partial<ServerDeps>): TestInstance {
    const database = context.schema.open();
    const server = createServer(
      testServerDeps({ db: database.db, clock: context.clock, ...overrides }),
    );
    return {
      server,
      database,
      start: () => initialiseInstance({ database, server, admin: ADMIN }),
      request: (method, path, body, options) =>
        sendRequest(server.app, method, path, body, options),
      loginAsAdmin: () => signInAdmin(server.app),
    };
  }

  beforeEach(async () => {
    context.schema = await createTestSchema();
    context.clock = createTestClock();
    context.instances = [instance(deps[0]), instance(deps[1])];
  });

  afterEach(async () => {
    try {
      for (const { server, database } of context.instances ?? []) {
        await server.drivers.closeAll();
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
