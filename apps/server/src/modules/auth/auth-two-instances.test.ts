import { describe, expect, it } from 'vitest';
import { ADMIN } from '../../test/harness';
import { useTwoInstances } from '../../test/two-instances';
import { PASSWORD_RULE_PER_SHARE } from '../shares/share-password';
import { LOGIN_RULE_PER_USER } from './auth.usecases';

/** Guesses spread over two instances share one count: it lives in the database, not a process. */
describe.runIf(process.env.TEST_POSTGRES_URL)('rate limits across two instances', () => {
  const t = useTwoInstances();
  const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

  it('checks no more login passwords than the limit when guesses alternate between instances', async () => {
    const [a, b] = t.instances;
    await a.start();
    await b.start();
    const from = { headers: { 'x-forwarded-for': '203.0.113.21' } };
    const wrong = { username: 'admin', password: 'wrong-password' };
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 ? a : b).request('POST', '/api/admin/login', wrong, from),
      ),
    );
    const statuses = responses.map((response) => response.status);
    // 40 guesses from one address also pass its limit (20), counted separately: an attempt
    // among the user's first `limit` may be refused by it. At most `limit` passwords checked.
    expect(count(statuses, 401)).toBeGreaterThanOrEqual(1);
    expect(count(statuses, 401)).toBeLessThanOrEqual(LOGIN_RULE_PER_USER.limit);
    expect(count(statuses, 401) + count(statuses, 429)).toBe(40);
    // The right password, on either instance, is now refused unchecked until the window ends.
    for (const instance of [a, b]) {
      const right = await instance.request('POST', '/api/admin/login', ADMIN, from);
      expect(right.status).toBe(429);
    }
    const sessions = await a.database.db.selectFrom('admin_sessions').select('id').execute();
    expect(sessions).toEqual([]);
  });

  it('checks no more share passwords than the limit across instances', async () => {
    const [a, b] = t.instances;
    await a.start();
    await b.start();
    const token = await a.loginAsAdmin();
    const created = await a.request(
      'POST',
      '/api/paste',
      { content: 'across instances', slug: 'shared-lock', password: 'open-sesame' },
      { token },
    );
    expect(created.status).toBe(201);
    const from = { headers: { 'x-forwarded-for': '203.0.113.22' } };
    const responses = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        (i % 2 ? a : b).request('POST', '/api/paste/shared-lock', { password: `g-${i}` }, from),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(count(statuses, 401)).toBe(PASSWORD_RULE_PER_SHARE.limit);
    expect(count(statuses, 429)).toBe(24 - PASSWORD_RULE_PER_SHARE.limit);
    const right = await b.request(
      'POST',
      '/api/paste/shared-lock',
      { password: 'open-sesame' },
      from,
    );
    expect(right.status).toBe(429);
    expect(right.body.error).toBe('share.rate_limited');
  });
});
