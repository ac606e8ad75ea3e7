import { hasPermission, type Principal } from '@sharebin/shared';
import { AppError } from '../../app/errors';
import type { Clock } from '../shared/clock';
import { sha256Hex } from '../shared/crypto';
import { DavError, davUnauthorized } from './dav.errors';

/** How long a checked credential is trusted without checking again (a PROPFIND storm hashes once). */
export const DAV_CREDENTIAL_TTL_MS = 30_000;
const CACHE_MAX_ENTRIES = 1_000;

export interface DavAuthDeps {
  /** The admin named by a username and password, under the login rate limits. */
  verifyAdmin: (input: {
    username: string;
    password: string;
    clientIp: string;
  }) => Promise<Principal>;
  /** The principal of an API key, with when it stops working. */
  verifyApiKey: (key: string) => Promise<{ principal: Principal; expiresAt: number | null }>;
  clock: Clock;
}

export type DavAuthenticate = (
  authorization: string | undefined,
  clientIp: string,
) => Promise<Principal>;

function basicCredentials(authorization: string | undefined) {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1] as string, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/**
 * HTTP Basic for WebDAV: the admin's username and password, or an API key with mount
 * permission as the password (any user name). A credential that passed is trusted for
 * DAV_CREDENTIAL_TTL_MS on this instance, keyed by its hash: a deleted key or a changed
 * password stops working within that time.
 */
export function createDavAuthenticator({
  verifyAdmin,
  verifyApiKey,
  clock,
}: DavAuthDeps): DavAuthenticate {
  const trusted = new Map<string, { principal: Principal; until: number }>();
  const checking = new Map<string, Promise<{ principal: Principal; expiresAt: number | null }>>();

  async function verify(username: string, password: string, clientIp: string) {
    try {
      const key = await verifyApiKey(password);
      if (!hasPermission(key.principal, 'mount')) {
        throw new DavError(403, 'This API key has no mount permission');
      }
      return key;
    } catch (error) {
      if (error instanceof DavError) throw error;
      if (!(error instanceof AppError) || error.status >= 500) throw error;
    }
    return { principal: await verifyAdmin({ username, password, clientIp }), expiresAt: null };
  }

  return async (authorization, clientIp) => {
    const credentials = basicCredentials(authorization);
    if (!credentials) throw davUnauthorized();
    const cacheKey = sha256Hex(`${credentials.username}\0${credentials.password}`);
    const now = clock.now();
    const hit = trusted.get(cacheKey);
    if (hit && hit.until > now) return hit.principal;
    trusted.delete(cacheKey);
    // A client opening several connections at once checks its credential once: the others
    // wait for that check instead of each counting an attempt against the login limits.
    let check = checking.get(cacheKey);
    if (!check) {
      check = verify(credentials.username, credentials.password, clientIp).finally(() =>
        checking.delete(cacheKey),
      );
      checking.set(cacheKey, check);
    }
    let checked: { principal: Principal; expiresAt: number | null };
    try {
      checked = await check;
    } catch (error) {
      // A rate-limited guess keeps its 429 and Retry-After; any other refusal asks again.
      if (error instanceof AppError && error.status === 429) throw error;
      if (error instanceof AppError && error.status < 500) throw davUnauthorized();
      throw error;
    }
    if (trusted.size >= CACHE_MAX_ENTRIES) trusted.delete(trusted.keys().next().value as string);
    const until = Math.min(
      now + DAV_CREDENTIAL_TTL_MS,
      checked.expiresAt ?? Number.POSITIVE_INFINITY,
    );
    trusted.set(cacheKey, { principal: checked.principal, until });
    return checked.principal;
  };
}
