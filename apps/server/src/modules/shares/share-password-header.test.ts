import { randomBytes } from 'node:crypto';
import type { FileShare } from '@sharebin/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { ENGINES, type RequestOptions, uploadForm, useTestServer } from '../../test/harness';

/** A header value as it comes off the wire: a password's UTF-8 bytes, one character each. */
const onTheWire = (text: string) => Buffer.from(text, 'utf8').toString('latin1');

/**
 * Scripts may send a share's password in `X-Share-Password` wherever `?password=` is taken (the
 * raw text of a paste, the content of a file share), keeping it out of the URL.
 */
describe.each(ENGINES)('the X-Share-Password header, on %s', (engine) => {
  const t = useTestServer(engine);
  let admin: RequestOptions;
  beforeEach(async () => {
    ({ admin } = await t.signInWithLocalStorage());
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.server.app.request(url, { headers });

  it('opens the raw text of a protected paste', async () => {
    const created = await t.request(
      'POST',
      '/api/paste',
      { content: 'the launch codes', slug: 'locked', password: 'pässwort ✓' },
      admin,
    );
    expect(created.status).toBe(201);

    const opened = await get('/api/raw/locked', { 'X-Share-Password': onTheWire('pässwort ✓') });
    expect(opened.status).toBe(200);
    expect(await opened.text()).toBe('the launch codes');

    const wrong = await get('/api/raw/locked', { 'X-Share-Password': 'nope' });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { error: string }).error).toBe('paste.wrong_password');
    // The header is the password given when both come.
    const both = await get(`/api/raw/locked?password=${encodeURIComponent('pässwort ✓')}`, {
      'X-Share-Password': 'nope',
    });
    expect(both.status).toBe(401);
    // `?password=` keeps working.
    const query = await get(`/api/raw/locked?password=${encodeURIComponent('pässwort ✓')}`);
    expect(await query.text()).toBe('the launch codes');
  });

  it('downloads the content of a protected file share', async () => {
    const bytes = randomBytes(5_000);
    const uploaded = await t.request<FileShare>(
      'POST',
      '/api/upload',
      uploadForm(bytes, 'secret.bin', { slug: 'secret', password: 'open-sesame' }),
      admin,
    );
    expect(uploaded.status).toBe(201);
    const url = '/api/public/files/secret/content?download=1';

    expect((await get(url)).status).toBe(401);
    const wrong = await get(url, { 'X-Share-Password': 'wrong' });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { error: string }).error).toBe('file.wrong_password');

    const opened = await get(url, { 'X-Share-Password': 'open-sesame' });
    expect(opened.status).toBe(200);
    expect(Buffer.from(await opened.arrayBuffer()).equals(bytes)).toBe(true);
    const ranged = await get(url, { 'X-Share-Password': 'open-sesame', Range: 'bytes=10-19' });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(bytes.subarray(10, 20))).toBe(true);
  });

  it('is documented in the OpenAPI document of both routes', async () => {
    const document = (await (await get('/api/openapi.json')).json()) as {
      paths: Record<string, { get: { parameters: { name: string; in: string }[] } }>;
    };
    for (const path of ['/api/raw/{slug}', '/api/public/files/{slug}/content']) {
      expect(document.paths[path]?.get.parameters).toContainEqual(
        expect.objectContaining({ name: 'x-share-password', in: 'header' }),
      );
    }
  });
});
