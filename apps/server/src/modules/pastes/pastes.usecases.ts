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
import type { AccessTokens } from '../shared/access-token';
import type { Clock } from '../shared/clock';
import { hashPassword, newId, randomBase62 } from '../shared/crypto';
import { isUniqueViolation } from '../shared/db';
import type { PastesTable } from '../shared/db.schema';
import { ownerTags } from '../shared/ownership';
import { invalidAccessToken } from '../shared/share.errors';
import type { SharePasswordGuard } from '../shared/share-password';
import { expiryFrom, shareAccessChanges, shareState } from '../shared/share-state';
import type { ShareTombstones } from '../shared/share-tombstones';
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
  GENERATED_SLUG_LENGTH,
  RAW_ACCESS_TTL_MS,
  toPaste,
  toPasteSummary,
  toPasteView,
} from './pastes.models';
import type { PastesRepository } from './pastes.repository';

const SLUG_ATTEMPTS = 5;

type CreateInput = z.output<typeof createPasteRequestSchema>;
type UpdateInput = z.output<typeof updatePasteRequestSchema>;

export interface PastesDeps {
  repository: PastesRepository;
  passwordGuard: SharePasswordGuard;
  accessTokens: AccessTokens;
  tombstones: ShareTombstones;
  clock: Clock;
  maxContentBytes: number;
}

export function createPastesUseCases({
  repository,
  passwordGuard,
  accessTokens,
  tombstones,
  clock,
  maxContentBytes,
}: PastesDeps) {
  function checkSize(content: string) {
    const size = byteLength(content);
    if (size > maxContentBytes) throw pasteTooLarge(maxContentBytes);
    return size;
  }

  /** A paste that does not exist: expired or used up when the clean-up removed it, else unknown. */
  async function missing(slug: string): Promise<never> {
    const reason = await tombstones.reasonFor('paste', slug);
    if (reason === 'expired') throw pasteExpired();
    if (reason === 'exhausted') throw pasteViewsExhausted();
    throw pasteNotFound();
  }

  /** Why a paste cannot be viewed (the conditional update found nothing to count). */
  async function refusal(slug: string, passwordless: boolean): Promise<never> {
    const row = await repository.findBySlug(slug);
    if (!row) return missing(slug);
    const state = shareState(row, clock.now());
    if (state === 'expired') throw pasteExpired();
    if (state === 'exhausted') throw pasteViewsExhausted();
    if (passwordless && row.password_hash !== null) throw pastePasswordRequired();
    throw pasteNotFound();
  }

  async function countView(slug: string, passwordless: boolean): Promise<PastesTable> {
    return (
      (await repository.countView({ slug, now: clock.now(), passwordless })) ??
      refusal(slug, passwordless)
    );
  }

  /** Checks a share password under the rate limit; answers the paste, uncounted. */
  async function unlock(slug: string, password: string, clientIp: string): Promise<PastesTable> {
    const share = `paste:${slug}`;
    await passwordGuard.countAttempt(share, clientIp);
    const row = await repository.findBySlug(slug);
    if (!row) return missing(slug);
    const state = shareState(row, clock.now());
    if (state === 'expired') throw pasteExpired();
    if (state === 'exhausted') throw pasteViewsExhausted();
    if (
      !(await passwordGuard.check({ share, clientIp, password, passwordHash: row.password_hash }))
    ) {
      throw pasteWrongPassword();
    }
    return row;
  }

  async function requireOwned(principal: Principal, id: string): Promise<PastesTable> {
    const row = await repository.findById(id);
    // Another key's paste answers like a missing one, so that ids cannot be probed.
    if (!row || !isCreator(principal, row.created_by)) throw pasteNotFound();
    return row;
  }

  async function insertWithSlug(row: Omit<PastesTable, 'slug'>, customSlug: string | undefined) {
    for (let attempt = 0; attempt < SLUG_ATTEMPTS; attempt++) {
      const slug = customSlug ?? randomBase62(GENERATED_SLUG_LENGTH + attempt);
      try {
        await repository.insert({ ...row, slug });
        return { ...row, slug };
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        if (customSlug) throw pasteSlugTaken();
      }
    }
    throw pasteSlugTaken();
  }

  return {
    async create(principal: Principal, input: CreateInput): Promise<Paste> {
      const size = checkSize(input.content);
      const now = clock.now();
      const row = await insertWithSlug(
        {
          id: newId(),
          content: input.content,
          size,
          remark: input.remark,
          format: input.format,
          language: input.format === 'text' ? (input.language ?? null) : null,
          password_hash: input.password ? await hashPassword(input.password) : null,
          expires_at: expiryFrom(input.expires_in, now),
          max_views: input.max_views,
          views: 0,
          created_by: creatorTag(principal),
          created_at: now,
          updated_at: now,
        },
        input.slug || undefined,
      );
      return toPaste(row);
    },

    /** A visitor's view without a password: counted, refused for a protected paste. */
    view: async (slug: string): Promise<PasteView> => toPasteView(await countView(slug, true)),

    /** A visitor's view with a password: checked, counted, with a token for the raw link. */
    async viewWithPassword(slug: string, password: string, clientIp: string): Promise<PasteView> {
      const row = await unlock(slug, password, clientIp);
      const counted = await countView(slug, row.password_hash === null);
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
      if (input.token) {
        const row = await repository.findBySlug(input.slug);
        if (!row) return missing(input.slug);
        if (!accessTokens.verify(accessScope(row), input.token)) throw invalidAccessToken();
        if (shareState(row, clock.now()) === 'expired') throw pasteExpired();
        return row.content;
      }
      if (input.password !== undefined) {
        const row = await unlock(input.slug, input.password, input.clientIp);
        return (await countView(input.slug, row.password_hash === null)).content;
      }
      return (await countView(input.slug, true)).content;
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
      try {
        await repository.update(id, {
          ...rest,
          ...(content === undefined ? {} : { content, size: checkSize(content) }),
          ...(await shareAccessChanges({ password, expires_in }, now)),
          updated_at: now,
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw pasteSlugTaken();
        throw error;
      }
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
