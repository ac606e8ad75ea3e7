import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, ENGINES } from '../../test/harness';
import type { DatabaseHandle } from '../shared/db';
import { shareState } from './share-state';
import { createViewCounter, finishedAt, viewableAt } from './shares.sql';

const NOW = 1_000_000;
/** Every boundary of the rule: expiry before, at and after now; views under, at and over max. */
const CASES = [null, NOW - 1, NOW, NOW + 1].flatMap((expires_at) =>
  [
    [0, 0],
    [0, 9],
    [2, 1],
    [2, 2],
    [2, 3],
  ].map(([max_views, views]) => ({ expires_at, max_views: max_views ?? 0, views: views ?? 0 })),
);

describe.each(ENGINES)('the SQL viewability rule (%s)', (engine) => {
  let handle: DatabaseHandle & { drop(): Promise<void> };

  beforeAll(async () => {
    handle = await createTestDatabase(engine);
    await handle.db
      .insertInto('pastes')
      .values(
        CASES.map((share, index) => ({
          id: `id${index}`,
          slug: `s${index}`,
          content: 'x',
          size: 1,
          remark: '',
          format: 'text' as const,
          language: null,
          password_hash: null,
          created_by: 'admin',
          created_at: 0,
          updated_at: 0,
          ...share,
        })),
      )
      .execute();
  });
  afterAll(() => handle.drop());

  const slugsWhere = async (rule: typeof viewableAt) =>
    (
      await handle.db
        .selectFrom('pastes')
        .select('slug')
        .where((eb) => rule(eb, NOW))
        .execute()
    )
      .map((row) => row.slug)
      .sort();

  it('agrees with shareState on every boundary', async () => {
    const expected = (live: boolean) =>
      CASES.flatMap((share, index) =>
        (shareState(share, NOW) === 'live') === live ? [`s${index}`] : [],
      ).sort();
    expect(await slugsWhere(viewableAt)).toEqual(expected(true));
    expect(await slugsWhere(finishedAt)).toEqual(expected(false));
  });

  it('counts a view only while the share is viewable', async () => {
    const countView = createViewCounter({ db: handle.db, table: 'pastes' });
    for (const [index, share] of CASES.entries()) {
      const counted = await countView({ slug: `s${index}`, now: NOW, passwordless: true });
      expect(counted?.views).toBe(shareState(share, NOW) === 'live' ? share.views + 1 : undefined);
    }
  });
});
