import type { MiddlewareHandler } from 'hono';

/**
 * A `HEAD` request runs the `GET` route, and Hono then drops the answer's body without
 * cancelling it: a file download would keep its file handle (or its storage connection) open
 * until the collector found it. The body is cancelled here instead, which closes what it
 * reads from; the status and headers (Content-Length among them) stay as the `GET` made them.
 */
export function headAnswers(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const body = c.req.method === 'HEAD' ? c.res.body : null;
    if (!body) return;
    const { status, statusText, headers } = c.res;
    await body.cancel().catch(() => {});
    c.res = undefined;
    c.res = new Response(null, { status, statusText, headers });
  };
}
