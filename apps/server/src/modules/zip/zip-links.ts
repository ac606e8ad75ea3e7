import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { hasPermission, type Principal } from '@sharebin/shared';
import type { AccessTokens } from '../shared/access-token';
import { zipLinkInvalid } from './zip.errors';

/** Long enough to start a large download and resume it after a break; short enough to leak little. */
export const ZIP_LINK_TTL_MS = 3600 * 1000;

interface LinkPayload {
  /** `admin` with the admin's id and name, or `apikey` with the key's id. */
  who: 'admin' | 'apikey';
  id: string;
  name: string;
  /** The zip job that plans the archive. */
  job: string;
}

const scopeOf = (payload: string) => `fs-zip\n${payload}`;

/**
 * Signed links to an archive, for a plain `GET` (a browser link, curl): the token names the zip
 * job planning the archive and who asked, `<payload>.<access token>`, the payload being the
 * compressed JSON in base64url. The plan is in the database, so any instance with the same
 * SECRET_KEY answers it; the token stays short whatever the number of paths. An API
 * key's permissions are read again on every use: a deleted, expired or narrowed key's links
 * stop working or see only what the key now may.
 */
export function createZipLinks({
  tokens,
  apiKeyPrincipal,
}: {
  tokens: AccessTokens;
  apiKeyPrincipal: (id: string) => Promise<Principal | null>;
}) {
  return {
    issue(principal: Principal, jobId: string): string {
      if (principal.type === 'none') throw zipLinkInvalid();
      const link: LinkPayload = {
        who: principal.type,
        id: principal.id,
        name: principal.name,
        job: jobId,
      };
      const payload = deflateRawSync(JSON.stringify(link)).toString('base64url');
      return `${payload}.${tokens.issue(scopeOf(payload), ZIP_LINK_TTL_MS)}`;
    },

    async open(token: string): Promise<{ principal: Principal; jobId: string }> {
      const cut = token.indexOf('.');
      const payload = token.slice(0, cut);
      if (cut <= 0 || !tokens.verify(scopeOf(payload), token.slice(cut + 1)))
        throw zipLinkInvalid();
      const link = JSON.parse(
        inflateRawSync(Buffer.from(payload, 'base64url')).toString(),
      ) as LinkPayload;
      const principal: Principal | null =
        link.who === 'admin'
          ? { type: 'admin', id: link.id, name: link.name }
          : await apiKeyPrincipal(link.id);
      if (!principal || !hasPermission(principal, 'mount')) throw zipLinkInvalid();
      return { principal, jobId: link.job };
    },
  };
}

export type ZipLinks = ReturnType<typeof createZipLinks>;
