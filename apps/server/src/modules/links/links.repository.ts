import type { Db } from '../shared/db';
import { createOwnedSharesRepository } from '../shares/owned-shares.repository';

export const createLinksRepository = ({ db }: { db: Db }) =>
  createOwnedSharesRepository({ db, table: 'short_links', searchColumn: 'url' });

export type LinksRepository = ReturnType<typeof createLinksRepository>;
