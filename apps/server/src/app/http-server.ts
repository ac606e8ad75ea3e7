import type { Server } from 'node:http';
import { createAdaptorServer } from '@hono/node-server';

export interface HttpTimeouts {
  /** A connection with no bytes moving either way for this long is closed. */
  idleMs: number;
  /** Time a client has to send a request's headers. */
  headersMs: number;
  /** How long a kept-alive connection waits for its next request. */
  keepAliveMs: number;
}

/**
 * The Node HTTP server in front of the app. Node's `requestTimeout` (5 minutes for the whole
 * request) is off: it cuts a large upload on a slow link however steadily the bytes arrive.
 * The idle timeout cuts connections that stop moving instead, whatever their age.
 */
export function createHttpServer({
  fetch,
  timeouts,
}: {
  fetch: (request: Request) => Response | Promise<Response>;
  timeouts: HttpTimeouts;
}): Server {
  const server = createAdaptorServer({
    fetch,
    serverOptions: {
      requestTimeout: 0,
      headersTimeout: timeouts.headersMs,
      keepAliveTimeout: timeouts.keepAliveMs,
      // Node checks the headers timeout on this period (30 s by default): a shorter timeout
      // would otherwise be applied up to 30 s late.
      connectionsCheckingInterval: Math.min(30_000, Math.max(100, timeouts.headersMs / 4)),
    },
  }) as Server;
  // Without a 'timeout' listener, Node destroys a socket that stayed idle this long.
  server.setTimeout(timeouts.idleMs);
  return server;
}
