import type { FsShare, FsShareList, Mount, StorageConfig } from '@sharebin/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { davRequest } from '../../test/dav-kit';
import { ok } from '../../test/fs-kit';
import { ENGINES, type RequestOptions, uploadForm, useTestServer } from '../../test/harness';
import { jobsClient } from '../../test/jobs-kit';

describe.each(ENGINES)('shares follow their path on %s', (engine) => {
  const t = useTestServer(engine);
  let admin: RequestOptions;
  let local: StorageConfig;
  const jobs = jobsClient(
    () => t.server,
    () => admin,
  );

  const mount = async (mountPath: string, storage: StorageConfig) =>
    ok<Mount>(
      t.request(
        'POST',
        '/api/admin/mounts',
        {
          name: mountPath,
          storage_type: 'local',
          storage_config_id: storage.id,
          mount_path: mountPath,
        },
        admin,
      ),
      201,
    );
  const upload = (folder: string, name: string, text: string) =>
    ok(
      t.request(
        'POST',
        '/api/admin/fs/upload',
        uploadForm(Buffer.from(text), name, { path: folder }),
        admin,
      ),
      201,
    );
  const share = (path: string) =>
    ok<FsShare>(t.request('POST', '/api/admin/fs/shares', { path }, admin), 201);
  const pathOf = async (created: FsShare) => {
    const answer = await t.request<FsShare>(
      'GET',
      `/api/admin/fs/shares/${created.id}`,
      undefined,
      admin,
    );
    return answer.status === 200 ? (await ok<FsShare>(Promise.resolve(answer))).path : null;
  };
  const downloaded = async (created: FsShare, inner = '/') =>
    (
      await t.server.app.request(
        `/api/public/fs-shares/${created.slug}/content?path=${encodeURIComponent(inner)}`,
      )
    ).text();

  beforeEach(async () => {
    ({ admin, storage: local } = await t.signInWithLocalStorage());
    await mount('/docs', local);
    await upload('/docs/trip', 'notes.txt', 'packing list');
    await upload('/docs/trip/photos', 'a.txt', 'first photo');
  });

  it('follows a rename of the shared folder and of a folder above a shared file', async () => {
    const folder = await share('/docs/trip');
    const file = await share('/docs/trip/photos/a.txt');
    const sibling = await share('/docs/trip/notes.txt');
    await ok(
      t.request(
        'POST',
        '/api/admin/fs/rename',
        { oldPath: '/docs/trip', newPath: '/docs/journey' },
        admin,
      ),
    );
    expect(await pathOf(folder)).toBe('/docs/journey');
    expect(await pathOf(file)).toBe('/docs/journey/photos/a.txt');
    expect(await pathOf(sibling)).toBe('/docs/journey/notes.txt');
    expect(await downloaded(file)).toBe('first photo');
    expect(await downloaded(folder, '/notes.txt')).toBe('packing list');
  });

  it('does not take along a share whose path only starts with the same letters', async () => {
    await upload('/docs/trip2', 'b.txt', 'other');
    const other = await share('/docs/trip2/b.txt');
    await ok(
      t.request(
        'POST',
        '/api/admin/fs/rename',
        { oldPath: '/docs/trip', newPath: '/docs/journey' },
        admin,
      ),
    );
    expect(await pathOf(other)).toBe('/docs/trip2/b.txt');
  });

  it('follows a WebDAV MOVE and a move job to another storage', async () => {
    const file = await share('/docs/trip/notes.txt');
    const moved = await davRequest(() => t.server, 'MOVE', '/dav/docs/trip/notes.txt', {
      headers: { Destination: 'http://sharebin.test/dav/docs/trip/list.txt' },
    });
    expect(moved.status).toBe(201);
    expect(await pathOf(file)).toBe('/docs/trip/list.txt');

    const second = await ok<StorageConfig>(
      t.request('POST', '/api/s3-configs', { name: 'Second disk', storage_type: 'local' }, admin),
      201,
    );
    await mount('/archive', second);
    const folder = await share('/docs/trip');
    const job = await jobs.finish(
      await jobs.start('move', [{ sourcePath: '/docs/trip', targetPath: '/archive/' }]),
    );
    expect(job).toMatchObject({ status: 'completed', failed: 0 });
    expect(await pathOf(folder)).toBe('/archive/trip');
    expect(await pathOf(file)).toBe('/archive/trip/list.txt');
    expect(await downloaded(folder, '/photos/a.txt')).toBe('first photo');
  });

  it('ends the shares of what is deleted, and lists the shares under a path first', async () => {
    const folder = await share('/docs/trip');
    const file = await share('/docs/trip/photos/a.txt');
    const under = await ok<FsShareList>(
      t.request('GET', '/api/admin/fs/shares?under=/docs/trip/photos', undefined, admin),
    );
    expect(under.items.map((item) => item.id)).toEqual([file.id]);

    await ok(t.request('DELETE', '/api/admin/fs/remove?path=/docs/trip/photos', undefined, admin));
    expect(await pathOf(file)).toBeNull();
    expect(await pathOf(folder)).toBe('/docs/trip');
    const gone = await t.server.app.request(`/api/public/fs-shares/${file.slug}`);
    expect(gone.status).toBe(404);
  });
});
