import { randomUUID } from 'node:crypto';
import {
  creatorTag,
  type FsShare,
  type fsShareCreateRequestSchema,
  type Principal,
} from '@sharebin/shared';
import type { z } from 'zod';
import type { FsReadUseCases } from '../fs/fs-read.usecases';
import type { Clock } from '../shared/clock';
import type { PasswordHasher } from '../shared/crypto';
import type { FsSharesTable } from '../shared/db.schema';
import { createOwnedShareManagement } from '../shares/owned-shares.usecases';
import { expiryFrom } from '../shares/share-state';
import { insertWithSlug } from '../shares/slugs';
import { fsShareNotFound, fsShareRootUnshareable, fsShareSlugTaken } from './fs-shares.errors';
import { describeFsShare } from './fs-shares.models';
import type { FsSharesRepository } from './fs-shares.repository';

type CreateInput = z.output<typeof fsShareCreateRequestSchema>;

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
  const management = createOwnedShareManagement({
    repository,
    describe: describeFsShare,
    passwords,
    clock,
    notFound: fsShareNotFound,
    slugTaken: fsShareSlugTaken,
  });

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

    list: management.list,
    get: management.get,
    update: management.update,
    remove: management.remove,
  };
}

export type FsSharesUseCases = ReturnType<typeof createFsSharesUseCases>;
