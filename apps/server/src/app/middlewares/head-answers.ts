import type { MiddlewareHandler } from 'hono';

/**
 * A `HEAD` request runs the `GET` route, and Hono then drops the answer's body without
 * cancelling it: a file download would keep its file handle (or its storage connection) open
 * until the collector found it. The body is cancelled here instead, which closes what it
 * reads from; the status and headers (a Content-Length the route set among them) stay as the
 * `GET` made them.
 */
export function headAnswers(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.req.method !== 'HEAD') return;
    // Status and headers first: under @hono/node-server, reading the body of its lightweight
    // Response rebuilds it from its first headers, losing any set in place since.
    const { status } = c.res;
    const headers = new Headers(c.res.headers);
    const body = c.res.body;
    if (!body) return;
    await body.cancel().catch(() => {});
    c.res = undefined;
    c.res = new Response(null, { status, headers });
  };
}
