import type { Principal } from '@sharebin/shared';
import { ERROR_CODES } from '@sharebin/shared';
import { AppError } from '../../app/errors';
import { authRequired, invalidBearerToken, malformedAuthorization } from './auth.errors';

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
    if (!match) throw malformedAuthorization();
    const [, scheme, secret] = match as unknown as [string, string, string];
    if (scheme.toLowerCase() === 'apikey') return { ...(await verifiers.apiKey(secret)), secret };
    try {
      return { ...(await verifiers.adminToken(secret)), secret };
    } catch (error) {
      // Scripts often send an API key as Bearer: say which scheme it needs.
      if (error instanceof AppError && error.code === ERROR_CODES.authInvalidToken) {
        throw invalidBearerToken();
      }
      throw error;
    }
  };
}
