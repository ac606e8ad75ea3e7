import { describe, expect, it } from 'vitest';
import { StartupError } from '../modules/shared/startup-error';
import { useTwoInstances } from '../test/two-instances';

const OTHER_KEY = 'another-secret-key-0123456789abcd';

describe.runIf(process.env.TEST_POSTGRES_URL)('two instances starting on one database', () => {
  describe('with the same SECRET_KEY', () => {
    const t = useTwoInstances();

    it('both start at once on an empty database, with one admin and one default storage', async () => {
      const [a, b] = t.instances;
      const results = await Promise.allSettled([a.start(), b.start()]);
      expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
      const created = results.map(
        (result) => result.status === 'fulfilled' && result.value.admin.created,
      );
      expect(created.filter(Boolean)).toHaveLength(1);

      const admins = await a.database.db.selectFrom('admins').select('username').execute();
      expect(admins).toEqual([{ username: 'admin' }]);
      const storages = await a.database.db
        .selectFrom('storage_configs')
        .select(['storage_type', 'is_default'])
        .execute();
      expect(storages).toEqual([{ storage_type: 'local', is_default: 1 }]);
    });

    it('serve one another’s sessions', async () => {
      const [a, b] = t.instances;
      await Promise.all([a.start(), b.start()]);
      const token = await a.loginAsAdmin();
      const checked = await b.request<{ username: string }>(
        'GET',
        '/api/test/admin-token',
        undefined,
        {
          token,
        },
      );
      expect(checked.status).toBe(200);
      expect(checked.body.data.username).toBe('admin');
    });
  });

  describe('with different SECRET_KEYs', () => {
    const t = useTwoInstances([{}, { secretKey: OTHER_KEY }]);

    it('the second refuses to start with a message naming SECRET_KEY, and changes nothing', async () => {
      const [a, b] = t.instances;
      await a.start();
      const checkBefore = await a.database.db.selectFrom('instance_identity').selectAll().execute();

      const refused = b.start();
      await expect(refused).rejects.toBeInstanceOf(StartupError);
      await expect(refused).rejects.toThrow(/SECRET_KEY/);
      expect(await a.database.db.selectFrom('instance_identity').selectAll().execute()).toEqual(
        checkBefore,
      );
      expect(await a.database.db.selectFrom('admins').select('id').execute()).toHaveLength(1);
    });

    it('exactly one of two starting at once wins; the other refuses', async () => {
      const [a, b] = t.instances;
      const results = await Promise.allSettled([a.start(), b.start()]);
      const refused = results.filter((result) => result.status === 'rejected');
      expect(refused).toHaveLength(1);
      expect(String((refused[0] as PromiseRejectedResult).reason)).toMatch(/SECRET_KEY/);
    });
  });
});
