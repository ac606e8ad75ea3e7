import { randomUUID } from 'node:crypto';
import {
  creatorTag,
  type Principal,
  type PublicShortLink,
  type ShortLink,
  type shortLinkCreateRequestSchema,
} from '@sharebin/shared';
import type { z } from 'zod';
import type { ActivityLog } from '../dashboard/activity.recorder';
import type { AccessTokens } from '../shared/access-token';
import type { Clock } from '../shared/clock';
import { toIso, toIsoOrNull } from '../shared/clock';
import type { PasswordHasher } from '../shared/crypto';
import type { ShortLinksTable } from '../shared/db.schema';
import { createOwnedShareManagement } from '../shares/owned-shares.usecases';
import { createShareAccess } from '../shares/share-access';
import type { SharePasswordGuard } from '../shares/share-password';
import { accessScopeOf, expiryFrom, remainingViews } from '../shares/share-state';
import type { ShareTombstones } from '../shares/share-tombstones';
import { insertWithSlug } from '../shares/slugs';
import {
  linkExpired,
  linkNotFound,
  linkPasswordRequired,
  linkSlugTaken,
  linkViewsExhausted,
  linkWrongPassword,
} from './links.errors';
import type { LinksRepository } from './links.repository';

type CreateInput = z.output<typeof shortLinkCreateRequestSchema>;

function describeLink(row: ShortLinksTable, origin: string): ShortLink {
  return {
    id: row.id,
    slug: row.slug,
    url: row.url,
    remark: row.remark,
    has_password: row.password_hash !== null,
    expires_at: toIsoOrNull(row.expires_at),
    max_views: row.max_views,
    views: row.views,
    remaining_views: remainingViews(row),
    short_url: `${origin}/l/${encodeURIComponent(row.slug)}`,
    created_by: row.created_by,
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
  };
}

/** Short links: made and managed by the admin and keys with text permission, followed by anyone. */
export function createLinksUseCases({
  repository,
  passwords,
  passwordGuard,
  accessTokens,
  tombstones,
  clock,
  activity,
}: {
  repository: LinksRepository;
  passwords: PasswordHasher;
  passwordGuard: SharePasswordGuard;
  accessTokens: AccessTokens;
  tombstones: ShareTombstones;
  clock: Clock;
  /** A follow is one of the dashboard's `views`. */
  activity: ActivityLog;
}) {
  const access = createShareAccess<ShortLinksTable>({
    kind: 'link',
    find: repository.findBySlug,
    countView: repository.countView,
    accessScope: (row) => accessScopeOf('link', row),
    errors: {
      notFound: linkNotFound,
      expired: linkExpired,
      exhausted: linkViewsExhausted,
      passwordRequired: linkPasswordRequired,
      wrongPassword: linkWrongPassword,
    },
    passwordGuard,
    accessTokens,
    tombstones,
    clock,
    activity,
  });

  const management = createOwnedShareManagement({
    repository,
    describe: describeLink,
    passwords,
    clock,
    notFound: linkNotFound,
    slugTaken: linkSlugTaken,
  });

  return {
    async create(principal: Principal, input: CreateInput, origin: string): Promise<ShortLink> {
      const now = clock.now();
      const row = await insertWithSlug<ShortLinksTable>({
        row: {
          id: randomUUID(),
          url: input.url,
          remark: input.remark,
          password_hash: input.password ? await passwords.hash(input.password) : null,
          expires_at: expiryFrom(input.expires_in, now),
          max_views: input.max_views,
          views: 0,
          created_by: creatorTag(principal),
          created_at: now,
          updated_at: now,
        },
        customSlug: input.slug || undefined,
        insert: repository.insert,
        taken: linkSlugTaken,
      });
      return describeLink(row, origin);
    },

    list: management.list,
    get: management.get,
    update: management.update,
    remove: management.remove,

    /** `/l/{slug}` without a password: the address to send the visitor to, one view counted. */
    follow: async (slug: string) => (await access.viewOpen(slug)).url,

    /** Whether a link needs a password (uncounted); refused when it cannot be followed. */
    async info(slug: string): Promise<PublicShortLink> {
      const row = await access.openOrProtected(slug);
      return { slug, requires_password: row === null };
    },

    /** The password (rate limited): the address, one view counted. */
    async verify(slug: string, password: string, clientIp: string): Promise<PublicShortLink> {
      const row = await access.viewWith(slug, password, clientIp);
      return { slug, requires_password: false, url: row.url };
    },
  };
}

export type LinksUseCases = ReturnType<typeof createLinksUseCases>;
