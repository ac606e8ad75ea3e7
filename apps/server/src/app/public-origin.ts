import type { Context } from 'hono';

/**
 * What a request's public address is made of behind a reverse proxy (ARCHITECTURE §10):
 * `PUBLIC_URL` (origin and base path) and how many proxies in front are trusted.
 */
export interface ProxySettings {
  /** `PUBLIC_URL` without its trailing slash; empty when not set. */
  publicUrl: string;
  /** `TRUST_PROXY`: 0 ignores every `X-Forwarded-*` header. */
  trustProxyHops: number;
}

/**
 * The path the whole app lives under: `/sb` for `PUBLIC_URL=https://host/sb/`, empty at the
 * root. Every route, page, asset and link is below it.
 */
export function basePathOf(publicUrl: string): string {
  if (!publicUrl) return '';
  return new URL(publicUrl).pathname.replace(/\/+$/, '');
}

/** A host name with an optional port, as `X-Forwarded-Host` may carry it (nothing else). */
const FORWARDED_HOST =
  /^(?:[a-z\d](?:[a-z\d-]*[a-z\d])?(?:\.[a-z\d](?:[a-z\d-]*[a-z\d])?)*|\[[\da-f:.]+\])(?::\d{1,5})?$/i;

/** The first entry of a list header (`https, http`): the one the outermost proxy set. */
function firstEntry(value: string | undefined): string | undefined {
  const first = value?.split(',')[0]?.trim();
  return first || undefined;
}

/**
 * The origin the client used: from `X-Forwarded-Proto` and `X-Forwarded-Host` when a proxy is
 * trusted (each falls back to the request's own), else the request's. A malformed forwarded
 * value is ignored rather than copied into links.
 */
export function requestOrigin(c: Context, trustProxyHops: number): string {
  const own = new URL(c.req.url);
  if (trustProxyHops === 0) return own.origin;
  const proto = firstEntry(c.req.header('x-forwarded-proto'))?.toLowerCase();
  const host = firstEntry(c.req.header('x-forwarded-host'));
  const scheme = proto === 'https' || proto === 'http' ? proto : own.protocol.slice(0, -1);
  const authority = host && FORWARDED_HOST.test(host) ? host.toLowerCase() : own.host;
  return `${scheme}://${authority}`;
}

function settingsOf(c: Context): ProxySettings {
  return (c.get('proxy') as ProxySettings | undefined) ?? { publicUrl: '', trustProxyHops: 0 };
}

/**
 * Where links to this server start: `PUBLIC_URL` (with its path) when set, else the origin
 * the client used (see `requestOrigin`). Links are this plus `/api/…`, `/paste/…`, `/dav/…`.
 */
export function publicBaseOf(c: Context): string {
  const { publicUrl, trustProxyHops } = settingsOf(c);
  return publicUrl || requestOrigin(c, trustProxyHops);
}

/** The public origin alone (no path), as a browser's `Origin` header names this server. */
export function publicOriginOf(c: Context): string {
  const { publicUrl, trustProxyHops } = settingsOf(c);
  return publicUrl ? new URL(publicUrl).origin : requestOrigin(c, trustProxyHops);
}

/**
 * True when the client reached this server over https: a trusted proxy's `X-Forwarded-Proto`
 * says so, or without one, `PUBLIC_URL` does. This server itself only speaks plain http.
 */
export function servedOverHttps(c: Context): boolean {
  const { publicUrl, trustProxyHops } = settingsOf(c);
  if (trustProxyHops > 0) {
    const proto = firstEntry(c.req.header('x-forwarded-proto'))?.toLowerCase();
    if (proto) return proto === 'https';
  }
  return publicUrl.startsWith('https:');
}
