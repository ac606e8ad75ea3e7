import type { Db } from '../shared/db';
import {
  createOwnedSharesRepository,
  type OwnedListFilter,
} from '../shares/owned-shares.repository';
import { atOrBelow, createSharedPathsRepository } from '../shares/shared-paths.repository';
import { createViewCounter } from '../shares/shares.sql';

export interface FsShareListFilter extends OwnedListFilter {
  /** Shares of this path or of something below it. */
  under?: string;
}

export function createFsSharesRepository({ db }: { db: Db }) {
  const owned = createOwnedSharesRepository({ db, table: 'fs_shares', searchColumn: 'path' });
  return {
    ...owned,
    ...createSharedPathsRepository({ db, table: 'fs_shares' }),
    /** One counted view, or undefined when the share may not be viewed (ARCHITECTURE.md §4). */
    countView: createViewCounter({ db, table: 'fs_shares' }),

    list: (filter: FsShareListFilter) =>
      owned.list(filter, filter.under ? atOrBelow(filter.under) : undefined),
  };
}

export type FsSharesRepository = ReturnType<typeof createFsSharesRepository>;
