import { once } from 'node:events';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach } from 'vitest';
import { createHttpServer, type HttpTimeouts } from '../app/http-server';
import type { useTestServer } from './harness';

/**
 * The test server's app behind the production HTTP server on a real socket, for each test of
 * the block: for faults the in-process `app.request()` would hide (a client that hangs up, a
 * body cut short). Call after `useTestServer`; answers the current test's server and port.
 */
export function useRealSocket(
  t: ReturnType<typeof useTestServer>,
  timeouts: HttpTimeouts = { idleMs: 60_000, headersMs: 60_000, keepAliveMs: 5_000 },
): { readonly port: number; readonly server: http.Server } {
  let server: http.Server;
  let port = 0;
  beforeEach(async () => {
    server = createHttpServer({ fetch: t.server.app.fetch, timeouts });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as AddressInfo).port;
  });
  afterEach(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return {
    get port() {
      return port;
    },
    get server() {
      return server;
    },
  };
}
