import { describe, expect, it } from 'vitest';
import { ADMIN, ENGINES, useTestServer } from '../../test/harness';

describe.each(ENGINES)('resetting the admin password from the command line on %s', (engine) => {
  const t = useTestServer(engine);
  const login = (password: string) =>
    t.request('POST', '/api/admin/login', { username: ADMIN.username, password });

  it('generates a new password, prints it once and signs every session out', async () => {
    const session = await t.loginAsAdmin();
    const result = await t.server.useCases.auth.resetAdminPassword({});
    expect(result.username).toBe(ADMIN.username);
    expect(result.generated).toBe(true);
    expect(result.password).toMatch(/^[A-Za-z0-9]{20}$/);

    expect((await login(ADMIN.password)).status).toBe(401);
    expect((await login(result.password)).status).toBe(200);
    const revoked = await t.request('GET', '/api/admin/pastes', undefined, { token: session });
    expect(revoked.status).toBe(401);
  });

  it('sets a given password for the named admin', async () => {
    const result = await t.server.useCases.auth.resetAdminPassword({
      username: ADMIN.username,
      password: 'a-new-long-password',
    });
    expect(result).toMatchObject({ username: ADMIN.username, generated: false });
    expect((await login('a-new-long-password')).status).toBe(200);
  });

  it('refuses an unknown admin or a short password and changes nothing', async () => {
    const reset = t.server.useCases.auth.resetAdminPassword;
    await expect(reset({ username: 'nobody' })).rejects.toThrow('There is no admin named "nobody"');
    await expect(reset({ password: 'short' })).rejects.toThrow('at least 8 characters');
    expect((await login(ADMIN.password)).status).toBe(200);
  });
});
