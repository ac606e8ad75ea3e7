import type { Principal } from '@sharebin/shared';
import { authRequired, invalidToken } from './auth.errors';

export interface Authentication {
  principal: Principal;
  /** When the token or key stops working; null for a key that never expires. */
  expiresAt: number | null;
  /** The token or key as presented, for logout. */
  secret: string;
}

export type Authenticate = (authorization: string | undefined) => Promise<Authentication>;

type Verify = (secret: string) => Promise<{ principal: Principal; expiresAt: number | null }>;

/** `Authorization: Bearer <admin token>` or `Authorization: ApiKey <key>` (ARCHITECTURE.md §3). */
export function createAuthenticator(verifiers: {
  adminToken: Verify;
  apiKey: Verify;
}): Authenticate {
  return async (authorization) => {
    const match = /^(Bearer|ApiKey)\s+(\S+)\s*$/i.exec(authorization ?? '');
    if (!authorization?.trim()) throw authRequired();
    if (!match) throw invalidToken();
    const [, scheme, secret] = match as unknown as [string, string, string];
    const verify = scheme.toLowerCase() === 'bearer' ? verifiers.adminToken : verifiers.apiKey;
    return { ...(await verify(secret)), secret };
  };
}
