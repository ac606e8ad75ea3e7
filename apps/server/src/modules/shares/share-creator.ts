import { hasPermission, type Principal } from '@sharebin/shared';

/** The admin as a share's creator (`creatorTag` keeps no admin id: there is one admin). */
const SHARE_ADMIN: Principal = { type: 'admin', id: 'admin', name: 'admin' };

/**
 * Who a share of a mounted path acts as when a visitor uses it: its creator, with the rights they
 * have now (a key may have lost its mount permission, or been deleted or expired: null).
 */
export function createShareCreators(apiKeyPrincipal: (id: string) => Promise<Principal | null>) {
  async function creatorPrincipal(createdBy: string): Promise<Principal | null> {
    const principal =
      createdBy === 'admin'
        ? SHARE_ADMIN
        : await apiKeyPrincipal(createdBy.replace(/^apikey:/, ''));
    return principal && hasPermission(principal, 'mount') ? principal : null;
  }
  return {
    /** A shared file or folder is read as its creator. */
    reader: creatorPrincipal,
    /** An upload request writes as its creator, who must still be allowed to write. */
    async writer(createdBy: string): Promise<Principal | null> {
      const principal = await creatorPrincipal(createdBy);
      return principal && !(principal.type === 'apikey' && principal.mountReadOnly)
        ? principal
        : null;
    },
  };
}
