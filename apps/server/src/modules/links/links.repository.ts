import type { Db } from '../shared/db';
import { createOwnedSharesRepository } from '../shares/owned-shares.repository';
import { createViewCounter } from '../shares/shares.sql';

export const createLinksRepository = ({ db }: { db: Db }) => ({
  ...createOwnedSharesRepository({ db, table: 'short_links', searchColumn: 'url' }),
  /** A follow is one view, counted exactly (ARCHITECTURE.md §4). */
  countView: createViewCounter({ db, table: 'short_links' }),
});

export type LinksRepository = ReturnType<typeof createLinksRepository>;
