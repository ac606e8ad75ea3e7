import {
  type createPasteRequestSchema,
  creatorTag,
  isCreator,
  type Paste,
  type PasteList,
  type PasteView,
  type Principal,
  type updatePasteRequestSchema,
} from '@sharebin/shared';
import type { z } from 'zod';
import type { ActivityLog } from '../dashboard/activity.recorder';
import type { AccessTokens } from '../shared/access-token';
import type { Clock } from '../shared/clock';
import { newId } from '../shared/crypto';
import type { PastesTable } from '../shared/db.schema';
import { ownerTags } from '../shared/ownership';
import { createShareAccess } from '../shares/share-access';
import type { SharePasswordGuard } from '../shares/share-password';
import { expiryFrom, shareAccessChanges } from '../shares/share-state';
import type { ShareTombstones } from '../shares/share-tombstones';
import { insertWithSlug, updateWithSlug } from '../shares/slugs';
import {
  pasteExpired,
  pasteNotFound,
  pastePasswordRequired,
  pasteSlugTaken,
  pasteTooLarge,
  pasteViewsExhausted,
  pasteWrongPassword,
} from './pastes.errors';
import {
  accessScope,
  byteLength,
  RAW_ACCESS_TTL_MS,
  toPaste,
  toPasteSummary,
  toPasteView,
} from './pastes.models';
import type { PastesRepository } from './pastes.repository';

type CreateInput = z.output<typeof createPasteRequestSchema>;
type UpdateInput = z.output<typeof updatePasteRequestSchema>;

export interface PastesDeps {
  repository: PastesRepository;
  passwordGuard: SharePasswordGuard;
  accessTokens: AccessTokens;
  tombstones: ShareTombstones;
  clock: Clock;
  maxContentBytes: number;
  /** Counts creations and views for the dashboard. */
  activity: ActivityLog;
}

export function createPastesUseCases({
  repository,
  passwordGuard,
  accessTokens,
  tombstones,
  clock,
  maxContentBytes,
  activity,
}: PastesDeps) {
  const access = createShareAccess<PastesTable>({
    kind: 'paste',
    find: repository.findBySlug,
    countView: repository.countView,
    accessScope,
    errors: {
      notFound: pasteNotFound,
      expired: pasteExpired,
      exhausted: pasteViewsExhausted,
      passwordRequired: pastePasswordRequired,
      wrongPassword: pasteWrongPassword,
    },
    passwordGuard,
    accessTokens,
    tombstones,
    clock,
    activity,
  });

  function checkSize(content: string) {
    const size = byteLength(content);
    if (size > maxContentBytes) throw pasteTooLarge(maxContentBytes);
    return size;
  }

  async function requireOwned(principal: Principal, id: string): Promise<PastesTable> {
    const row = await repository.findById(id);
    // Another key's paste answers like a missing one, so that ids cannot be probed.
    if (!row || !isCreator(principal, row.created_by)) throw pasteNotFound();
    return row;
  }

  return {
    /** Dashboard: how many pastes there are. */
    stats: async () => ({ count: await repository.count() }),

    async create(principal: Principal, input: CreateInput): Promise<Paste> {
      const size = checkSize(input.content);
      const now = clock.now();
      const row = await insertWithSlug<PastesTable>({
        row: {
          id: newId(),
          content: input.content,
          size,
          remark: input.remark,
          format: input.format,
          language: input.format === 'text' ? (input.language ?? null) : null,
          password_hash: input.password ? await passwordGuard.hash(input.password) : null,
          expires_at: expiryFrom(input.expires_in, now),
          max_views: input.max_views,
          views: 0,
          created_by: creatorTag(principal),
          created_at: now,
          updated_at: now,
        },
        customSlug: input.slug || undefined,
        insert: repository.insert,
        taken: pasteSlugTaken,
      });
      activity.record('pastes_created');
      return toPaste(row);
    },

    /** A visitor's view without a password: counted, refused for a protected paste. */
    view: async (slug: string): Promise<PasteView> => toPasteView(await access.viewOpen(slug)),

    /** A visitor's view with a password: checked, counted, with a token for the raw link. */
    async viewWithPassword(slug: string, password: string, clientIp: string): Promise<PasteView> {
      const counted = await access.viewWith(slug, password, clientIp);
      return {
        ...toPasteView(counted),
        ...(counted.password_hash === null
          ? {}
          : { access_token: accessTokens.issue(accessScope(counted), RAW_ACCESS_TTL_MS) }),
      };
    },

    /**
     * The raw text. A token from a verified view is not counted again; a password (for curl)
     * or no password is a view of its own.
     */
    async raw(input: {
      slug: string;
      token?: string;
      password?: string;
      clientIp: string;
    }): Promise<string> {
      const row = input.token
        ? await access.withToken(input.slug, input.token)
        : await access.viewWith(input.slug, input.password, input.clientIp);
      // The raw text is a download of the paste: its bytes go out.
      activity.record('bytes_out', row.size);
      return row.content;
    },

    async list(
      principal: Principal,
      query: { limit: number; offset: number; search?: string | undefined },
    ): Promise<PasteList> {
      const { rows, total } = await repository.list({ ...query, createdBy: ownerTags(principal) });
      return {
        items: rows.map(toPasteSummary),
        total,
        limit: query.limit,
        offset: query.offset,
        page: Math.floor(query.offset / query.limit) + 1,
      };
    },

    get: async (principal: Principal, id: string): Promise<Paste> =>
      toPaste(await requireOwned(principal, id)),

    async update(principal: Principal, id: string, input: UpdateInput): Promise<Paste> {
      await requireOwned(principal, id);
      const { content, password, expires_in, ...rest } = input;
      const now = clock.now();
      const changes = {
        ...rest,
        ...(content === undefined ? {} : { content, size: checkSize(content) }),
        ...(await shareAccessChanges({ password, expires_in }, now, passwordGuard.hash)),
        updated_at: now,
      };
      await updateWithSlug(() => repository.update(id, changes), pasteSlugTaken);
      return toPaste(await requireOwned(principal, id));
    },

    async remove(principal: Principal, id: string): Promise<void> {
      await requireOwned(principal, id);
      await tombstones.settle('paste', await repository.deleteMany([id]));
    },

    async removeMany(principal: Principal, ids: string[]) {
      const deleted = await repository.deleteMany(ids, ownerTags(principal));
      await tombstones.settle('paste', deleted);
      return { deleted: deleted.length };
    },

    async clearFinished() {
      const deleted = await repository.deleteFinished(clock.now());
      await tombstones.settle('paste', deleted);
      return { deleted: deleted.length };
    },
  };
}

export type PastesUseCases = ReturnType<typeof createPastesUseCases>;
