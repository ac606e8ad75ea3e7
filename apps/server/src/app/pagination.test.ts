import { LIST_MAX_LIMIT, type StorageConfig } from '@sharebin/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectData } from '../test/fs-client';
import { ENGINES, type RequestOptions, uploadForm, useTestServer } from '../test/harness';

interface Page {
  items: { id: string }[];
  total: number;
  limit: number;
  offset: number;
}

/** Every list of the API that pages; three items are made in each before a test. */
const LISTS = [
  '/api/admin/pastes',
  '/api/user/pastes',
  '/api/admin/files',
  '/api/user/files',
  '/api/admin/api-keys',
  '/api/admin/mounts',
  '/api/user/mounts',
  '/api/admin/fs/jobs',
];

describe.each(ENGINES)('lists page alike on %s', (engine) => {
  const t = useTestServer(engine);
  let admin: RequestOptions;
  let storage: StorageConfig;
  beforeEach(async () => {
    ({ admin, storage } = await t.signInWithLocalStorage());
    for (const n of [1, 2, 3]) {
      await expectData(t.request('POST', '/api/paste', { content: `paste ${n}` }, admin), 201);
      await expectData(
        t.request('POST', '/api/upload', uploadForm(Buffer.from(`file ${n}`), `${n}.txt`), admin),
        201,
      );
      await expectData(t.request('POST', '/api/admin/api-keys', { name: `key ${n}` }, admin), 201);
      await expectData(
        t.request(
          'POST',
          '/api/admin/mounts',
          {
            name: `m${n}`,
            storage_type: 'local',
            storage_config_id: storage.id,
            mount_path: `/m${n}`,
          },
          admin,
        ),
        201,
      );
      // Newest first stays well defined.
      t.clock.advance(1000);
    }
    await expectData(
      t.request(
        'POST',
        '/api/admin/fs/upload',
        uploadForm(Buffer.from('x'), 'x.txt', { path: '/m1' }),
        admin,
      ),
      201,
    );
    for (const n of [1, 2, 3]) {
      const items = [{ sourcePath: '/m1/x.txt', targetPath: `/m2/x${n}.txt` }];
      await expectData(t.request('POST', '/api/admin/fs/batch-copy', { items }, admin), 202);
      t.clock.advance(1000);
    }
  });

  const page = (list: string, query: string) =>
    expectData<Page>(t.request('GET', `${list}?${query}`, undefined, admin), 200);

  it.each(LISTS)('%s answers items, total, limit and offset, and honours offset', async (list) => {
    const whole = await page(list, `limit=${LIST_MAX_LIMIT}`);
    expect(whole).toMatchObject({ total: 3, limit: LIST_MAX_LIMIT, offset: 0 });
    expect(whole.items).toHaveLength(3);
    const second = await page(list, 'limit=1&offset=1');
    expect(second).toMatchObject({ total: 3, limit: 1, offset: 1 });
    expect(second.items.map((item) => item.id)).toEqual([whole.items[1]?.id]);
    const past = await page(list, 'limit=2&offset=3');
    expect(past).toMatchObject({ items: [], total: 3, offset: 3 });
  });

  it.each(LISTS)('%s takes page as an alias of offset (offset wins)', async (list) => {
    const whole = await page(list, `limit=${LIST_MAX_LIMIT}`);
    const third = await page(list, 'limit=1&page=3');
    expect(third).toMatchObject({ limit: 1, offset: 2 });
    expect(third.items.map((item) => item.id)).toEqual([whole.items[2]?.id]);
    expect(await page(list, 'limit=1&page=3&offset=0')).toMatchObject({ offset: 0 });
  });

  it.each(LISTS)(`%s takes at most ${LIST_MAX_LIMIT} items a page`, async (list) => {
    const refused = await t.request('GET', `${list}?limit=${LIST_MAX_LIMIT + 1}`, undefined, admin);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('validation.failed');
    expect(refused.body.message).toContain('limit');
  });
});
