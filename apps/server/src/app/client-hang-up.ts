import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

/** nginx's status for a client that closed the connection before its answer; logged, never sent. */
export const CLIENT_CLOSED_REQUEST = 499;

/**
 * Whether the client went away before its answer: it dropped the connection in the middle of
 * its request's body (an aborted upload), or while the server worked on a request read whole.
 * Such a request is no failure of the server: it is logged at info as 499, never as a 500.
 */
export function clientHungUp(c: Context): boolean {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming) return c.req.raw.signal.aborted;
  // Node destroys a request whose connection ends mid-body with this error; a body the server
  // itself gives up on (too large, a storage failure) is destroyed with another one.
  if ((incoming.errored as NodeJS.ErrnoException | null)?.code === 'ECONNRESET') return true;
  // The server keeps the socket of a request read whole while it works (http-server.ts).
  return incoming.complete && incoming.socket?.destroyed === true;
}

/** The answer to a request whose client is gone: nobody reads it, the request log records it. */
export const clientClosedAnswer = () => new Response(null, { status: CLIENT_CLOSED_REQUEST });
