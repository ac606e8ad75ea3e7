import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';

const INCOMING_ID = /^[\w.:-]{1,64}$/;

/** Sets the request id (kept from `X-Request-Id` when well-formed) and the client IP. */
export function requestContext({
  trustProxyHops,
}: {
  trustProxyHops: number;
}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && INCOMING_ID.test(incoming) ? incoming : randomUUID();
    c.set('requestId', requestId);
    c.set('clientIp', clientIp(c.env, c.req.header('x-forwarded-for'), trustProxyHops));
    c.header('X-Request-Id', requestId);
    await next();
  };
}

type NodeBindings = { incoming?: { socket?: { remoteAddress?: string } } } | undefined;

/**
 * The socket's address, or with `hops` trusted proxies in front, the address the
 * outermost trusted proxy saw (entries further left could be forged by the client).
 */
export function clientIp(env: unknown, forwardedFor: string | undefined, hops: number): string {
  const socketAddress = (env as NodeBindings)?.incoming?.socket?.remoteAddress ?? 'unknown';
  if (hops === 0 || !forwardedFor) return socketAddress;
  const chain = forwardedFor
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return chain[Math.max(0, chain.length - hops)] ?? socketAddress;
}
