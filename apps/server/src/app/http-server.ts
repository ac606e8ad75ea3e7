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

/**
 * The Node HTTP server in front of the app. Node's `requestTimeout` (5 minutes for the whole
 * request) is off: it cuts a large upload on a slow link however steadily the bytes arrive.
 * The idle timeout cuts connections that stop moving instead, whatever their age.
 */
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
      // Node checks the headers timeout on this period (30 s by default): a shorter timeout
      // would otherwise be applied up to 30 s late.
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

/**
 * Answers that carry a Node body (downloads: `withNodeBody`) are written here, from the Node
 * stream to the socket, instead of through the adapter's web-stream reader.
 */
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
 * A request answered before its body was read (refused by its length, its credentials, a bad
 * field, the quota) must not make the server read the rest: a client could declare 200 MB and
 * keep a worker reading. Its answer says `Connection: close`, which makes Node close the socket
 * once the answer is out; until then at most a bounded number of bytes is drained, enough for a
 * client that writes before it reads to get to the answer.
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
 * A socket idle for the timeout is closed, unless its request has arrived whole and the answer
 * has not started: that silence is the server at work (joining parts, copying between
 * storages), and cutting it would lose an answer whose work goes on. The timer re-arms with the
 * first byte of the answer, so a client that stops reading a download is still cut.
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
