import { randomUUID } from 'node:crypto';
import { isIPv6 } from 'node:net';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import type { ProxySettings } from '../public-origin';

const INCOMING_ID = /^[\w.:-]{1,64}$/;

/**
 * Sets the request id (kept from `X-Request-Id` when well-formed) and the client address as
 * rate limits count it (see `limitSubject`).
 */
export function requestContext({
  trustProxyHops,
  publicUrl = '',
}: {
  trustProxyHops: number;
  /** `PUBLIC_URL` without its trailing slash; empty when not set. */
  publicUrl?: string;
}): MiddlewareHandler<AppEnv> {
  const proxy: ProxySettings = { publicUrl: publicUrl.replace(/\/+$/, ''), trustProxyHops };
  return async (c, next) => {
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && INCOMING_ID.test(incoming) ? incoming : randomUUID();
    c.set('requestId', requestId);
    const address = clientIp(c.env, c.req.header('x-forwarded-for'), trustProxyHops);
    c.set('clientAddress', address);
    c.set('clientIp', limitSubject(address));
    c.set('proxy', proxy);
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

/**
 * The client as rate limits count it. An IPv6 subscriber is handed a whole /64 and can pick
 * any address in it, so IPv6 clients count by their /64; an IPv4 address written as IPv6
 * (`::ffff:203.0.113.9`) counts as itself.
 */
export function limitSubject(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1] as string;
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
    : left;
  const network = groups
    .slice(0, 4)
    .map((group) => (Number.parseInt(group, 16) || 0).toString(16))
    .join(':');
  return `${network}::/64`;
}
