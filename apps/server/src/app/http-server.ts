import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { createAdaptorServer, type Http2Bindings, type HttpBindings } from '@hono/node-server';
import { sendNodeBody } from './node-body';
import { handlersTakingTurns } from './turn-taking';

export interface HttpTimeouts {
  /** A connection with no bytes moving either way for this long is closed. */
  idleMs: number;
  /** Time a client has to send a request's headers. */
  headersMs: number;
  /** How long a kept-alive connection waits for its next request. */
  keepAliveMs: number;
}

/** Measured in bench/RESULTS.md ("Tail latency"): one per turn lost the group commits' batches. */
const HANDLERS_PER_TURN = 4;

/** `requestTimeout` is off: it cuts a slow steady upload; the idle timeout cuts stalls instead. */
export function createHttpServer({
  fetch,
  timeouts,
}: {
  fetch: (request: Request, env: HttpBindings) => Response | Promise<Response>;
  timeouts: HttpTimeouts;
}): Server {
  const server = createAdaptorServer({
    // Under load, new connections are accepted between a few requests' work (see turn-taking).
    fetch: handlersTakingTurns(sendingNodeBodies(fetch), HANDLERS_PER_TURN),
    serverOptions: {
      requestTimeout: 0,
      headersTimeout: timeouts.headersMs,
      keepAliveTimeout: timeouts.keepAliveMs,
      // Else a short headers timeout would apply up to 30 s late.
      connectionsCheckingInterval: Math.min(30_000, Math.max(100, timeouts.headersMs / 4)),
    },
  }) as Server;
  server.setTimeout(timeouts.idleMs);
  cutOnlyTheClientsSilence(server);
  boundRefusedBodies(server);
  return server;
}

/** What tells @hono/node-server that the answer has been written already. */
const ALREADY_SENT = { 'x-hono-already-sent': '1' };

/** `withNodeBody` answers bypass the adapter's web-stream reader. */
function sendingNodeBodies(
  fetch: (request: Request, env: HttpBindings) => Response | Promise<Response>,
) {
  return async (request: Request, bindings: HttpBindings | Http2Bindings): Promise<Response> => {
    // The server made below is HTTP/1.1: its bindings are always these.
    const env = bindings as HttpBindings;
    const response = await fetch(request, env);
    if (!sendNodeBody(response, env.outgoing)) return response;
    return new Response(null, { headers: ALREADY_SENT });
  };
}

/** The most of a request's unread body the server reads after answering it. */
export const REFUSED_BODY_DRAIN_BYTES = 64 * 1024;

/**
 * A refused request must not make us read its body (a client could declare 200 MB): the answer
 * closes the connection, and only a bounded drain lets a write-first client see it.
 */
function boundRefusedBodies(server: Server) {
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const writeHead = res.writeHead;
    res.writeHead = function (this: ServerResponse, ...args: Parameters<typeof writeHead>) {
      if (!req.complete) this.shouldKeepAlive = false;
      return writeHead.apply(this, args);
    } as typeof writeHead;
    res.once('finish', () => {
      if (req.complete) return;
      let drained = 0;
      req.on('data', (chunk: Buffer) => {
        drained += chunk.length;
        if (drained > REFUSED_BODY_DRAIN_BYTES) req.socket.destroy();
      });
    });
  });
}

/**
 * Between a whole request and the answer's first byte the silence is ours (joining parts,
 * copying), so it is not cut; the timer re-arms so a client that stops reading still is.
 */
function cutOnlyTheClientsSilence(server: Server) {
  const current = new WeakMap<Socket, { req: IncomingMessage; res: ServerResponse }>();
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const exchange = { req, res };
    current.set(req.socket, exchange);
    res.once('close', () => {
      if (current.get(req.socket) === exchange) current.delete(req.socket);
    });
  });
  // With a listener here, Node leaves the decision to close a timed-out socket to us.
  server.on('timeout', (socket: Socket) => {
    const exchange = current.get(socket);
    if (exchange?.req.complete && !exchange.res.headersSent) return;
    socket.destroy();
  });
}
