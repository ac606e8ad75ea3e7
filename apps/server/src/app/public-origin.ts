import type { Context } from 'hono';

/**
 * The origin to put in absolute links handed to clients: `PUBLIC_URL` when configured (behind
 * a proxy the request's own origin is the proxy's view), else the origin the request came to.
 */
export const publicOrigin = (c: Context, publicUrl: string): string =>
  publicUrl || new URL(c.req.url).origin;
