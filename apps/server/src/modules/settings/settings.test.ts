import { beforeEach, describe, expect, it } from 'vitest';
import { ENGINES, useTestServer } from '../../test/harness';

describe.each(ENGINES)('system settings on %s', (engine) => {
  const t = useTestServer(engine);
  let token: string;
  beforeEach(async () => {
    token = await t.loginAsAdmin();
  });
  const storedRows = () => t.db.selectFrom('system_settings').selectAll().execute();

  it('reads the defaults, then the saved values', async () => {
    const defaults = await t.request('GET', '/api/admin/system-settings', undefined, { token });
    expect(defaults.body.data).toEqual({
      max_upload_size: 100,
      max_upload_size_unit: 'MB',
      webdav_upload_mode: 'auto',
    });
    const publicDefault = await t.request('GET', '/api/system/max-upload-size');
    expect(publicDefault.body.data).toEqual({
      max_upload_size: 100,
      max_upload_size_unit: 'MB',
      max_upload_size_bytes: 100 * 1024 ** 2,
    });

    const saved = await t.request(
      'PUT',
      '/api/admin/system-settings',
      { max_upload_size: 2.5, max_upload_size_unit: 'GB', webdav_upload_mode: 'multipart' },
      { token },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({
      max_upload_size: 2.5,
      max_upload_size_unit: 'GB',
      webdav_upload_mode: 'multipart',
    });
    const publicSaved = await t.request<{ max_upload_size_bytes: number }>(
      'GET',
      '/api/system/max-upload-size',
    );
    expect(publicSaved.body.data.max_upload_size_bytes).toBe(2.5 * 1024 ** 3);

    const partial = await t.request(
      'PUT',
      '/api/admin/system-settings',
      { webdav_upload_mode: 'direct' },
      { token },
    );
    expect(partial.body.data).toMatchObject({ max_upload_size: 2.5, webdav_upload_mode: 'direct' });
  });

  it.each([
    ['a size of 0', { max_upload_size: 0 }],
    ['a negative size', { max_upload_size: -5 }],
    ['a size as text', { max_upload_size: '100' }],
    ['an unknown unit', { max_upload_size_unit: 'TB' }],
    ['an unknown WebDAV mode', { webdav_upload_mode: 'fast' }],
    ['nothing to change', {}],
  ])('refuses %s with 400 and writes nothing', async (_name, body) => {
    const response = await t.request('PUT', '/api/admin/system-settings', body, { token });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('validation.failed');
    expect(await storedRows()).toEqual([]);
  });

  it('lets only the admin read or change settings', async () => {
    expect((await t.request('GET', '/api/admin/system-settings')).status).toBe(401);
    const response = await t.request('PUT', '/api/admin/system-settings', { max_upload_size: 1 });
    expect(response.status).toBe(401);
    expect(await storedRows()).toEqual([]);
  });
});
