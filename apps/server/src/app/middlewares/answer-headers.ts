import type { Context } from 'hono';

/**
 * Sets headers on the answer a handler has already made, for middlewares that run after
 * `next()`. Hono's `c.header()` at that point copies the whole answer for each call, and on
 * Node that copy turns the body into a web stream (a fifth of a small answer's CPU). The
 * answers this server makes have mutable headers, so they are set in place; an answer whose
 * headers are immutable (a fetched response passed through) is copied once.
 */
export function setAnswerHeaders(c: Context, headers: Record<string, string>): void {
  const entries = Object.entries(headers);
  try {
    for (const [name, value] of entries) c.res.headers.set(name, value);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    c.res = new Response(c.res.body, c.res);
    for (const [name, value] of entries) c.res.headers.set(name, value);
  }
}
