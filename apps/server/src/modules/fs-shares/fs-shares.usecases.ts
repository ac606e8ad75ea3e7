import { randomUUID } from 'node:crypto';
import {
  creatorTag,
  type FsShare,
  type FsShareList,
  type fsShareCreateRequestSchema,
  type fsShareUpdateRequestSchema,
  type Principal,
} from '@sharebin/shared';
import type { z } from 'zod';
import type { FsReadUseCases } from '../fs/fs-read.usecases';
import type { Clock } from '../shared/clock';
import type { PasswordHasher } from '../shared/crypto';
import type { FsSharesTable } from '../shared/db.schema';
import { ownerTags } from '../shared/ownership';
import { expiryFrom, shareAccessChanges } from '../shares/share-state';
import { insertWithSlug, updateWithSlug } from '../shares/slugs';
import { fsShareNotFound, fsShareRootUnshareable, fsShareSlugTaken } from './fs-shares.errors';
import { describeFsShare } from './fs-shares.models';
import type { FsSharesRepository } from './fs-shares.repository';

type CreateInput = z.output<typeof fsShareCreateRequestSchema>;
type UpdateInput = z.output<typeof fsShareUpdateRequestSchema>;

/** The owner's side of shares of mounted files and folders: create, list, edit, delete. */
export function createFsSharesUseCases({
  repository,
  read,
  passwords,
  clock,
}: {
  repository: FsSharesRepository;
  read: Pick<FsReadUseCases, 'get'>;
  passwords: PasswordHasher;
  clock: Clock;
}) {
  /** The share if `principal` may manage it: the admin any, a key those it made. */
  async function requireOwned(principal: Principal, id: string): Promise<FsSharesTable> {
    const row = await repository.findById(id);
    const owners = ownerTags(principal);
    if (!row || (owners && !owners.includes(row.created_by))) throw fsShareNotFound();
    return row;
  }

  return {
    /** Only what the caller may read can be shared: the locator checks base path and mount. */
    async create(principal: Principal, input: CreateInput, origin: string): Promise<FsShare> {
      const entry = await read.get(principal, input.path);
      if (entry.is_virtual) throw fsShareRootUnshareable();
      const now = clock.now();
      const row = await insertWithSlug<FsSharesTable>({
        row: {
          id: randomUUID(),
          kind: entry.is_directory ? 'folder' : 'file',
          path: input.path,
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
        taken: fsShareSlugTaken,
      });
      return describeFsShare(row, origin);
    },

    async list(
      principal: Principal,
      query: {
        limit: number;
        offset: number;
        search?: string | undefined;
        under?: string | undefined;
      },
      origin: string,
    ): Promise<FsShareList> {
      const { rows, total } = await repository.list({ ...query, createdBy: ownerTags(principal) });
      return {
        items: rows.map((row) => describeFsShare(row, origin)),
        total,
        limit: query.limit,
        offset: query.offset,
      };
    },

    get: async (principal: Principal, id: string, origin: string) =>
      describeFsShare(await requireOwned(principal, id), origin),

    async update(
      principal: Principal,
      id: string,
      input: UpdateInput,
      origin: string,
    ): Promise<FsShare> {
      await requireOwned(principal, id);
      const { password, expires_in, ...rest } = input;
      const now = clock.now();
      const changes = {
        ...rest,
        ...(await shareAccessChanges({ password, expires_in }, now, passwords.hash)),
        updated_at: now,
      };
      await updateWithSlug(() => repository.update(id, changes), fsShareSlugTaken);
      return describeFsShare(await requireOwned(principal, id), origin);
    },

    async remove(principal: Principal, id: string): Promise<void> {
      await requireOwned(principal, id);
      await repository.remove(id);
    },
  };
}

export type FsSharesUseCases = ReturnType<typeof createFsSharesUseCases>;
