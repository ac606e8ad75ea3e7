import type { ExpiryOption, Principal } from '@sharebin/shared';
import type { Clock } from '../shared/clock';
import type { PasswordHasher } from '../shared/crypto';
import { ownerTags } from '../shared/ownership';
import { shareAccessChanges } from './share-state';
import { updateWithSlug } from './slugs';

interface OwnedRow {
  id: string;
  created_by: string;
}

/** The edits every owned share takes: its options; a kind adds its own fields (a link's `url`). */
type ShareEdit = {
  password?: string | null | undefined;
  expires_in?: ExpiryOption | undefined;
} & Record<string, unknown>;

/**
 * An owner's list, look, edit and delete of shares kept in a table of their own (shared mounted
 * paths, short links): the admin manages all, a key those it made.
 */
export function createOwnedShareManagement<
  Row extends OwnedRow,
  View,
  Filter extends { limit: number; offset: number },
>({
  repository,
  describe,
  passwords,
  clock,
  notFound,
  slugTaken,
}: {
  repository: {
    findById: (id: string) => Promise<Row | undefined>;
    list: (filter: Filter & { createdBy?: string[] }) => Promise<{ rows: Row[]; total: number }>;
    update: (id: string, changes: never) => Promise<void>;
    remove: (id: string) => Promise<void>;
  };
  describe: (row: Row, origin: string) => View;
  passwords: PasswordHasher;
  clock: Clock;
  notFound: () => Error;
  slugTaken: () => Error;
}) {
  async function requireOwned(principal: Principal, id: string): Promise<Row> {
    const row = await repository.findById(id);
    const owners = ownerTags(principal);
    if (!row || (owners && !owners.includes(row.created_by))) throw notFound();
    return row;
  }

  return {
    requireOwned,

    async list(principal: Principal, query: Filter, origin: string) {
      const createdBy = ownerTags(principal);
      const { rows, total } = await repository.list({
        ...query,
        ...(createdBy ? { createdBy } : {}),
      });
      return {
        items: rows.map((row) => describe(row, origin)),
        total,
        limit: query.limit,
        offset: query.offset,
      };
    },

    get: async (principal: Principal, id: string, origin: string) =>
      describe(await requireOwned(principal, id), origin),

    async update(principal: Principal, id: string, input: ShareEdit, origin: string) {
      await requireOwned(principal, id);
      const { password, expires_in, ...rest } = input;
      const now = clock.now();
      const changes = {
        ...rest,
        ...(await shareAccessChanges({ password, expires_in }, now, passwords.hash)),
        updated_at: now,
      };
      await updateWithSlug(() => repository.update(id, changes as never), slugTaken);
      return describe(await requireOwned(principal, id), origin);
    },

    async remove(principal: Principal, id: string): Promise<void> {
      await requireOwned(principal, id);
      await repository.remove(id);
    },
  };
}
