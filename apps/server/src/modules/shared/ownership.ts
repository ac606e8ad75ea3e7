import { creatorTag, type Principal } from '@sharebin/shared';

/**
 * Creator tags whose records a principal may manage; undefined for the admin (all of them).
 * A key matches with and without the `apikey:` prefix (SPEC §5 creator check).
 */
export const ownerTags = (principal: Principal): string[] | undefined =>
  principal.type === 'apikey' ? [principal.id, creatorTag(principal)] : undefined;
