import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../test/harness';

describe('a full SQLite database', () => {
  const t = useTestServer('sqlite');

  it('answers 507 storage.full with a clear message and keeps nothing', async () => {
    const token = await t.loginAsAdmin();
    // The database may not grow by a single page: the next large write finds the disk full.
    const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(t.db);
    await sql.raw(`pragma max_page_count = ${rows[0]?.page_count}`).execute(t.db);

    const create = (slug: string) =>
      t.request('POST', '/api/paste', { content: 'x'.repeat(20_000), slug }, { token });
    let refused = await create('fits-0');
    let attempts = 1;
    while (refused.status === 201 && attempts < 50) refused = await create(`fits-${attempts++}`);
    expect(refused.status).toBe(507);
    expect(refused.body.error).toBe('storage.full');
    expect(refused.body.message).toMatch(/database.*full/i);
    const stored = await t.db.selectFrom('pastes').select('slug').execute();
    expect(stored.map((row) => row.slug)).not.toContain(`fits-${attempts - 1}`);
  });
});
