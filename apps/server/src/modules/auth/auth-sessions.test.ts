import { describe, expect, it } from 'vitest';
import { overPostgres } from '../../test/cache-probe';
import { ADMIN, ENGINES, useTestServer } from '../../test/harness';
import { useTwoInstances } from '../../test/two-instances';
import { SESSION_CACHE_TTL_MS } from './auth.usecases';

const CHECK = '/api/test/admin-token';

/** Changes the admin's password with `token`; answers the status. */
async function changePassword(
  server: { request: ReturnType<typeof useTestServer>['request'] },
  token: string,
) {
  const body = { currentPassword: ADMIN.password, newPassword: 'another-long-password' };
  return (await server.request('POST', '/api/admin/change-password', body, { token })).status;
}

describe.each(ENGINES)('verified admin sessions kept in memory on %s', (engine) => {
  const t = useTestServer(engine);

  it('ends a session at logout at once, though it was just verified', async () => {
    const token = await t.loginAsAdmin();
    expect((await t.request('GET', CHECK, undefined, { token })).status).toBe(200);
    expect((await t.request('POST', '/api/admin/logout', undefined, { token })).status).toBe(200);
    const after = await t.request('GET', CHECK, undefined, { token });
    expect(after.status).toBe(401);
    expect(after.body.error).toBe('auth.invalid_token');
  });

  it('ends every session at a password change at once', async () => {
    const [first, second] = [await t.loginAsAdmin(), await t.loginAsAdmin()];
    for (const token of [first, second]) {
      expect((await t.request('GET', CHECK, undefined, { token })).status).toBe(200);
    }
    expect(await changePassword(t, first)).toBe(200);
    for (const token of [first, second]) {
      expect((await t.request('GET', CHECK, undefined, { token })).status).toBe(401);
    }
  });

  it('refuses a session removed outside the server once the memory of it lapses', async () => {
    const token = await t.loginAsAdmin();
    expect((await t.request('GET', CHECK, undefined, { token })).status).toBe(200);
    // Hand-run SQL, or a tool without the cache port: this server is not told.
    await t.db.deleteFrom('admin_sessions').execute();
    expect((await t.request('GET', CHECK, undefined, { token })).status).toBe(200);
    t.clock.advance(SESSION_CACHE_TTL_MS);
    expect((await t.request('GET', CHECK, undefined, { token })).status).toBe(401);
  });
});

describe.each(ENGINES)('a session shorter than the memory of it on %s', (engine) => {
  const t = useTestServer(engine, { adminSessionTtlMs: SESSION_CACHE_TTL_MS / 2 });

  it('is refused once expired, though still remembered', async () => {
    const token = await t.loginAsAdmin();
    expect((await t.request('GET', CHECK, undefined, { token })).status).toBe(200);
    t.clock.advance(SESSION_CACHE_TTL_MS / 2);
    const after = await t.request('GET', CHECK, undefined, { token });
    expect(after.status).toBe(401);
    expect(after.body.error).toBe('auth.token_expired');
  });
});

const POSTGRES_URL = process.env.TEST_POSTGRES_URL;

/** Each instance remembers the sessions it verified; an end on either reaches both at once. */
describe.runIf(POSTGRES_URL)('admin sessions across two instances', () => {
  const t = useTwoInstances([
    overPostgres(POSTGRES_URL as string),
    overPostgres(POSTGRES_URL as string),
  ]);

  it('ends a session on the other instance at once after a logout or a password change', async () => {
    const [a, b] = t.instances;
    await a.start();
    await b.start();
    const [first, second] = [await a.loginAsAdmin(), await a.loginAsAdmin()];
    for (const token of [first, second]) {
      expect((await b.request('GET', CHECK, undefined, { token })).status).toBe(200);
    }
    expect((await a.request('POST', '/api/admin/logout', undefined, { token: first })).status).toBe(
      200,
    );
    expect((await b.request('GET', CHECK, undefined, { token: first })).status).toBe(401);
    expect((await b.request('GET', CHECK, undefined, { token: second })).status).toBe(200);

    expect(await changePassword(a, second)).toBe(200);
    expect((await b.request('GET', CHECK, undefined, { token: second })).status).toBe(401);
  });
});
