import { describe, expect, it } from 'vitest';
import { ADMIN, ENGINES, useTestServer } from '../../test/harness';
import { LOGIN_RULE_PER_USER } from './auth.usecases';

describe.each(ENGINES)('admin authentication on %s', (engine) => {
  const t = useTestServer(engine);
  const sessionCount = async () =>
    Number(
      (
        await t.db
          .selectFrom('admin_sessions')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('logs in, answers the token check and logs out', async () => {
    const login = await t.request<{ token: string; expiresAt: string; username: string }>(
      'POST',
      '/api/admin/login',
      ADMIN,
    );
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ code: 200, message: 'OK', data: { username: 'admin' } });
    const { token, expiresAt } = login.body.data;
    expect(token.length).toBeGreaterThanOrEqual(43);
    expect(Date.parse(expiresAt)).toBe(t.clock.now() + 24 * 3_600_000);

    const stored = await t.db
      .selectFrom('admin_sessions')
      .select('token_hash')
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(token);
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);

    const check = await t.request('GET', '/api/test/admin-token', undefined, { token });
    expect(check.status).toBe(200);
    expect(check.body.data).toEqual({ valid: true, username: 'admin', expiresAt });

    expect((await t.request('POST', '/api/admin/logout', undefined, { token })).status).toBe(200);
    const after = await t.request('GET', '/api/test/admin-token', undefined, { token });
    expect(after.status).toBe(401);
    expect(after.body.error).toBe('auth.invalid_token');
    expect(await sessionCount()).toBe(0);
  });

  it.each([
    ['a wrong password', { username: 'admin', password: 'wrong-password' }],
    ['an unknown user', { username: 'nobody', password: ADMIN.password }],
  ])('refuses %s with 401 and writes no session', async (_name, body) => {
    const response = await t.request('POST', '/api/admin/login', body);
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ code: 401, error: 'auth.invalid_credentials' });
    expect(await sessionCount()).toBe(0);
  });

  it.each([
    ['no body', undefined],
    ['an empty username', { username: '', password: 'x' }],
    ['a missing password', { username: 'admin' }],
    ['a number as password', { username: 'admin', password: 42 }],
  ])('answers %s with 400 validation.failed', async (_name, body) => {
    const response = await t.request('POST', '/api/admin/login', body ?? {});
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('validation.failed');
    expect(Array.isArray(response.body.details)).toBe(true);
    expect(await sessionCount()).toBe(0);
  });

  it('rate limits failed logins per client IP and username, then lets the window pass', async () => {
    const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
    const wrong = { username: 'admin', password: 'wrong-password' };
    for (let attempt = 0; attempt < LOGIN_RULE_PER_USER.limit; attempt++) {
      expect((await t.request('POST', '/api/admin/login', wrong, from('203.0.113.7'))).status).toBe(
        401,
      );
    }
    const blocked = await t.request('POST', '/api/admin/login', ADMIN, from('203.0.113.7'));
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toBe('auth.rate_limited');
    expect(Number(blocked.headers.get('retry-after'))).toBe(15 * 60);
    expect(await sessionCount()).toBe(0);

    // Another client is not affected.
    expect((await t.request('POST', '/api/admin/login', ADMIN, from('198.51.100.1'))).status).toBe(
      200,
    );

    t.clock.advance(LOGIN_RULE_PER_USER.windowMs);
    expect((await t.request('POST', '/api/admin/login', ADMIN, from('203.0.113.7'))).status).toBe(
      200,
    );
  });

  describe('under parallel attempts', () => {
    const from = { headers: { 'x-forwarded-for': '203.0.113.8' } };
    const wrong = { username: 'admin', password: 'wrong-password' };
    const statuses = (responses: { status: number }[]) =>
      responses.map((response) => response.status);
    const count = (list: number[], status: number) => list.filter((s) => s === status).length;
    /**
     * 40 guesses from one address also pass the per-address limit (20), whose count can reach an
     * attempt before or after its per-user count: an attempt among the first `limit` for the
     * user may be refused by the address rule. So: at most `limit` checked, all others 429.
     */
    const expectAtMostLimitChecked = (answered: number[]) => {
      expect(count(answered, 401)).toBeGreaterThanOrEqual(1);
      expect(count(answered, 401)).toBeLessThanOrEqual(LOGIN_RULE_PER_USER.limit);
      expect(count(answered, 401) + count(answered, 429)).toBe(answered.length);
    };

    it('checks no more passwords than the limit; every other attempt gets 429', async () => {
      const responses = await Promise.all(
        Array.from({ length: 40 }, () => t.request('POST', '/api/admin/login', wrong, from)),
      );
      const answered = statuses(responses);
      expectAtMostLimitChecked(answered);
      const blocked = responses.find((response) => response.status === 429);
      expect(blocked?.body.error).toBe('auth.rate_limited');
    });

    // The rule: every attempt is counted before its password is checked, so only the first
    // `limit` attempts of a window are checked at all. The right password sent after 29 wrong
    // ones is one of the attempts over the limit and is refused unchecked.
    it('refuses the right password sent after 29 wrong ones in parallel', async () => {
      const attempts = [
        ...Array.from({ length: 29 }, () => t.request('POST', '/api/admin/login', wrong, from)),
        t.request('POST', '/api/admin/login', ADMIN, from),
      ];
      const answered = statuses(await Promise.all(attempts));
      expect(count(answered, 401) + count(answered, 200)).toBeLessThanOrEqual(
        LOGIN_RULE_PER_USER.limit,
      );
      expect(answered.at(-1)).toBe(429);
      expect(await sessionCount()).toBe(0);
    });

    it('counts an IPv6 client by its /64, whichever address of it each guess comes from', async () => {
      const responses = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          t.request('POST', '/api/admin/login', wrong, {
            headers: { 'x-forwarded-for': `2001:db8:7:7::${(i + 1).toString(16)}` },
          }),
        ),
      );
      const answered = statuses(responses);
      expect(count(answered, 401)).toBe(LOGIN_RULE_PER_USER.limit);
      expect(count(answered, 429)).toBe(12 - LOGIN_RULE_PER_USER.limit);
    });

    it('clears the count after a successful login', async () => {
      for (let i = 0; i < LOGIN_RULE_PER_USER.limit - 1; i++) {
        expect((await t.request('POST', '/api/admin/login', wrong, from)).status).toBe(401);
      }
      expect((await t.request('POST', '/api/admin/login', ADMIN, from)).status).toBe(200);
      for (let i = 0; i < LOGIN_RULE_PER_USER.limit; i++) {
        expect((await t.request('POST', '/api/admin/login', wrong, from)).status).toBe(401);
      }
      expect((await t.request('POST', '/api/admin/login', ADMIN, from)).status).toBe(429);
    });

    it('checks no more current passwords than the limit when changing the account', async () => {
      const token = await t.loginAsAdmin();
      const responses = await Promise.all(
        Array.from({ length: 20 }, () =>
          t.request(
            'POST',
            '/api/admin/change-password',
            { currentPassword: 'wrong-password', newPassword: 'another-password-1' },
            { token, headers: from.headers },
          ),
        ),
      );
      const answered = statuses(responses);
      expect(count(answered, 401)).toBe(LOGIN_RULE_PER_USER.limit);
      expect(count(answered, 429)).toBe(20 - LOGIN_RULE_PER_USER.limit);
      const row = await t.db.selectFrom('admins').selectAll().executeTakeFirstOrThrow();
      expect(row.updated_at).toBe(row.created_at);
    });
  });

  it('trusts only the configured number of proxies in X-Forwarded-For', async () => {
    const wrong = { username: 'admin', password: 'wrong-password' };
    for (let attempt = 0; attempt < LOGIN_RULE_PER_USER.limit; attempt++) {
      // The client forges a different left-most address each time; the proxy's entry stays.
      await t.request('POST', '/api/admin/login', wrong, {
        headers: { 'x-forwarded-for': `10.0.0.${attempt}, 203.0.113.9` },
      });
    }
    const blocked = await t.request('POST', '/api/admin/login', ADMIN, {
      headers: { 'x-forwarded-for': '10.9.9.9, 203.0.113.9' },
    });
    expect(blocked.status).toBe(429);
  });

  it('answers an expired token with auth.token_expired and removes it', async () => {
    const token = await t.loginAsAdmin();
    t.clock.advance(24 * 3_600_000);
    const response = await t.request('GET', '/api/test/admin-token', undefined, { token });
    expect(response.status).toBe(401);
    expect(response.body.error).toBe('auth.token_expired');
    expect(await sessionCount()).toBe(0);
  });

  it.each([
    ['no header', undefined, 'auth.required'],
    ['an unknown scheme', 'Basic YWRtaW46eA==', 'auth.invalid_token'],
    ['an unknown token', 'Bearer not-a-real-token', 'auth.invalid_token'],
  ])('answers %s on an admin route with 401', async (_name, authorization, code) => {
    const headers = authorization ? { authorization } : undefined;
    const response = await t.request('GET', '/api/admin/api-keys', undefined, { headers });
    expect(response.status).toBe(401);
    expect(response.body.error).toBe(code);
  });

  describe('change password', () => {
    const adminRow = () => t.db.selectFrom('admins').selectAll().executeTakeFirstOrThrow();

    it.each([
      [
        'no new username or password',
        { currentPassword: ADMIN.password },
        'validation.failed',
        400,
      ],
      [
        'empty new values',
        { currentPassword: ADMIN.password, newPassword: '', newUsername: '' },
        'validation.failed',
        400,
      ],
      [
        'the same password again',
        { currentPassword: ADMIN.password, newPassword: ADMIN.password },
        'validation.failed',
        400,
      ],
      [
        'a short new password',
        { currentPassword: ADMIN.password, newPassword: 'short' },
        'validation.failed',
        400,
      ],
      ['no current password', { newPassword: 'a-new-password' }, 'validation.failed', 400],
      [
        'a wrong current password',
        { currentPassword: 'wrong-password', newPassword: 'a-new-password' },
        'auth.wrong_current_password',
        401,
      ],
    ])('refuses %s and changes nothing', async (_name, body, code, status) => {
      const token = await t.loginAsAdmin();
      const before = await adminRow();
      const response = await t.request('POST', '/api/admin/change-password', body, { token });
      expect(response.status).toBe(status);
      expect(response.body.error).toBe(code);
      expect(await adminRow()).toEqual(before);
      expect(await sessionCount()).toBe(1);
    });

    it('changes username and password and revokes every session', async () => {
      const token = await t.loginAsAdmin();
      const other = await t.loginAsAdmin();
      const response = await t.request(
        'POST',
        '/api/admin/change-password',
        {
          currentPassword: ADMIN.password,
          newPassword: 'a-brand-new-password',
          newUsername: 'root',
        },
        { token },
      );
      expect(response.status).toBe(200);
      for (const revoked of [token, other]) {
        expect(
          (await t.request('GET', '/api/test/admin-token', undefined, { token: revoked })).status,
        ).toBe(401);
      }
      expect((await t.request('POST', '/api/admin/login', ADMIN)).status).toBe(401);
      const login = await t.request('POST', '/api/admin/login', {
        username: 'root',
        password: 'a-brand-new-password',
      });
      expect(login.status).toBe(200);
    });

    it('changes the username alone', async () => {
      const token = await t.loginAsAdmin();
      const response = await t.request(
        'POST',
        '/api/admin/change-password',
        { currentPassword: ADMIN.password, newUsername: 'keeper' },
        { token },
      );
      expect(response.status).toBe(200);
      expect(
        (
          await t.request('POST', '/api/admin/login', {
            username: 'keeper',
            password: ADMIN.password,
          })
        ).status,
      ).toBe(200);
    });
  });

  it('creates the admin once, with a generated password when none is configured', async () => {
    const again = await t.server.useCases.auth.ensureAdmin({
      username: 'other',
      password: 'whatever-pass',
    });
    expect(again.created).toBe(false);
    await t.db.deleteFrom('admins').execute();
    const created = await t.server.useCases.auth.ensureAdmin({ username: 'fresh' });
    expect(created.created).toBe(true);
    const password = created.created ? created.generatedPassword : undefined;
    expect(password).toMatch(/^[0-9A-Za-z]{20}$/);
    const row = await t.db.selectFrom('admins').selectAll().executeTakeFirstOrThrow();
    expect(row.password_hash).not.toContain(password);
    expect(
      (await t.request('POST', '/api/admin/login', { username: 'fresh', password })).status,
    ).toBe(200);
  });
});
