import type { Expression, ExpressionBuilder, Selectable, SqlBool } from 'kysely';
import type { Db } from '../shared/db';
import type { Database } from '../shared/db.schema';
import { preparedQuery } from '../shared/prepared-query';

/** The tables that hold shares; all have `expires_at`, `max_views`, `views` and `slug`. */
export type ShareTable = 'pastes' | 'file_shares' | 'fs_shares' | 'short_links';

/**
 * The viewability rule of `shareState` in SQL: a share is viewable while it has not expired and
 * has views left (`max_views` 0 means unlimited). Written once here for every query that needs it.
 */
export function viewableAt<T extends ShareTable>(eb: ExpressionBuilder<Database, T>, now: number) {
  const share = eb as unknown as ExpressionBuilder<Database, ShareTable>;
  return share.and([
    share.or([share('max_views', '=', 0), share('views', '<', share.ref('max_views'))]),
    share.or([share('expires_at', 'is', null), share('expires_at', '>', now)]),
  ]);
}

/** The opposite of `viewableAt`: expired, or its views used up; what the clean-up removes. */
export function finishedAt<T extends ShareTable>(eb: ExpressionBuilder<Database, T>, now: number) {
  const share = eb as unknown as ExpressionBuilder<Database, ShareTable>;
  return share.or([
    share('expires_at', '<=', now),
    share.and([share('max_views', '>', 0), share('views', '>=', share.ref('max_views'))]),
  ]);
}

/**
 * Counts one view in a single conditional update, so that concurrent viewers of a share with
 * `max_views = k` get exactly k rows back (ARCHITECTURE.md §4). Prepared once per variant: it is
 * the hot path of every view, and shares its commit with the other views of the same event-loop
 * turn (SQLite). `scope` narrows the shares that may be counted (file shares still
 * being uploaded are nobody's business yet).
 */
export function createViewCounter<T extends ShareTable>({
  db,
  table,
  scope,
}: {
  db: Db;
  table: T;
  scope?: Expression<SqlBool>;
}) {
  const build = (passwordless: boolean) =>
    preparedQuery(
      db,
      (args: { slug: string; now: number }) => {
        let query = db
          .updateTable(table as ShareTable)
          .set((eb) => ({ views: eb('views', '+', 1) }))
          .where('slug', '=', args.slug)
          .where((eb) => viewableAt(eb, args.now));
        if (scope) query = query.where(scope);
        if (passwordless) query = query.where('password_hash', 'is', null);
        return query.returningAll();
      },
      { groupCommit: true },
    );
  const open = build(true);
  const any = build(false);
  /** The share after counting one view, or undefined when it may not be viewed. */
  return async (input: { slug: string; now: number; passwordless: boolean }) =>
    (await (input.passwordless ? open : any)({ slug: input.slug, now: input.now }))[0] as
      | Selectable<Database[T]>
      | undefined;
}
