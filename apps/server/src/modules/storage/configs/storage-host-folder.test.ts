import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { StorageConfig } from '@sharebin/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ENGINES, type RequestOptions, useTestServer } from '../../../test/harness';

describe.each(ENGINES)('local storage on a host folder on %s', (engine) => {
  const t = useTestServer(engine);
  let admin: RequestOptions;
  let hostFolder: string;
  beforeEach(async () => {
    admin = { token: await t.loginAsAdmin() };
    hostFolder = await mkdtemp(join(tmpdir(), 'sharebin-host-route-'));
  });
  afterEach(() => rm(hostFolder, { recursive: true, force: true }));
  const rows = () => t.db.selectFrom('storage_configs').selectAll().execute();
  const create = (root_path: unknown) =>
    t.request<StorageConfig>(
      'POST',
      '/api/s3-configs',
      { name: 'Shared folder', storage_type: 'local', root_path },
      admin,
    );

  it('serves the folder it names, with temp files outside it', async () => {
    await writeFile(join(hostFolder, 'existing.txt'), 'already there');
    const created = await create(hostFolder);
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ storage_type: 'local', root_path: hostFolder });
    const { driver, capabilities } = await t.server.drivers.resolve(created.body.data.id);
    expect(capabilities.hostFolder).toBe(true);
    expect((await driver.listDirectory('')).entries.map((entry) => entry.name)).toEqual([
      'existing.txt',
    ]);
    await driver.put('new.txt', Readable.from([Buffer.from('new')]), { contentLength: 3 });
    expect(await readFile(join(hostFolder, 'new.txt'), 'utf8')).toBe('new');
  });

  it.each([
    ['a relative path', 'relative/folder', 'validation.failed'],
    ['a missing folder', '/definitely/not/here', 'storage.root_path_invalid'],
  ])('refuses %s and stores nothing', async (_, rootPath, code) => {
    const refused = await create(rootPath);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: code });
    expect(await rows()).toHaveLength(0);
  });

  it('refuses a file as the folder, with its own code', async () => {
    const file = join(hostFolder, 'a-file');
    await writeFile(file, 'x');
    const refused = await create(file);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      error: 'storage.root_path_invalid',
      details: { reason: 'not_a_folder' },
    });
    expect(await rows()).toHaveLength(0);
  });

  it('rebuilds the driver when the folder changes, and checks the new one', async () => {
    const created = await create(null);
    const id = created.body.data.id;
    const before = await t.server.drivers.resolve(id);
    expect(before.capabilities.hostFolder).toBe(false);
    const moved = await t.request<StorageConfig>(
      'PUT',
      `/api/s3-configs/${id}`,
      { root_path: hostFolder },
      admin,
    );
    expect(moved.body.data.root_path).toBe(hostFolder);
    const after = await t.server.drivers.resolve(id);
    expect(after.driver).not.toBe(before.driver);
    expect(after.capabilities.hostFolder).toBe(true);

    const refused = await t.request('PUT', `/api/s3-configs/${id}`, { root_path: '/nope' }, admin);
    expect(refused.body).toMatchObject({ error: 'storage.root_path_invalid' });
    expect((await rows())[0]?.root_path).toBe(hostFolder);
  });
});
