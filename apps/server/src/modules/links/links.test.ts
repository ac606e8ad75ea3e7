import type { CreatedApiKey, PublicShortLink, ShortLink, ShortLinkList } from '@sharebin/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { ok } from '../../test/fs-kit';
import { ENGINES, type RequestOptions, useTestServer } from '../../test/harness';

describe.each(ENGINES)('short links on %s', (engine) => {
  const t = useTestServer(engine);
  let admin: RequestOptions;

  const shorten = (body: Record<string, unknown>, options = admin) =>
    t.request<ShortLink>('POST', '/api/links', body, options);
  const follow = (slug: string) => t.server.app.request(`/l/${slug}`);
  const keyWith = async (permissions: Record<string, boolean>): Promise<RequestOptions> => ({
    apiKey: (
      await ok<CreatedApiKey>(
        t.request('POST', '/api/admin/api-keys', { name: 'k', ...permissions }, admin),
        201,
      )
    ).key,
  });
  const countRows = async () =>
    Number(
      (
        await t.db
          .selectFrom('short_links')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeEach(async () => {
    ({ admin } = await t.signInWithLocalStorage());
  });

  it('redirects /l/{slug} to the address and counts each follow', async () => {
    const link = await ok<ShortLink>(
      shorten({ url: 'https://example.com/a?b=1#c', slug: 'ex', remark: 'mine' }),
      201,
    );
    expect(link).toMatchObject({ slug: 'ex', views: 0, has_password: false });
    expect(link.short_url).toMatch(/\/l\/ex$/);
    const followed = await follow('ex');
    expect(followed.status).toBe(302);
    expect(followed.headers.get('location')).toBe('https://example.com/a?b=1#c');
    expect(followed.headers.get('cache-control')).toBe('no-store');
    await follow('ex');
    expect(
      (await ok<ShortLink>(t.request('GET', `/api/admin/links/${link.id}`, undefined, admin)))
        .views,
    ).toBe(2);
    const info = await ok<PublicShortLink>(t.request('GET', '/api/public/links/ex'));
    expect(info).toEqual({ slug: 'ex', requires_password: false });
  });

  it('refuses every address but http and https, and writes nothing', async () => {
    for (const url of [
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'ftp://example.com/x',
      'file:///etc/passwd',
      'not a url',
      `https://example.com/${'a'.repeat(2100)}`,
    ]) {
      const refused = await shorten({ url });
      expect(refused.status, url).toBe(400);
    }
    expect(await countRows()).toBe(0);
  });

  it('asks for the password first, then answers the address (counted, rate limited)', async () => {
    await ok(
      shorten({ url: 'https://example.com/secret', slug: 'locked', password: 'hunter22' }),
      201,
    );
    const page = await follow('locked');
    expect(page.status).not.toBe(302);
    expect(await ok<PublicShortLink>(t.request('GET', '/api/public/links/locked'))).toEqual({
      slug: 'locked',
      requires_password: true,
    });
    const wrong = await t.request('POST', '/api/public/links/locked/verify', { password: 'nope' });
    expect(wrong.status).toBe(401);
    const right = await ok<PublicShortLink>(
      t.request('POST', '/api/public/links/locked/verify', { password: 'hunter22' }),
    );
    expect(right.url).toBe('https://example.com/secret');
  });

  it('stops at max_views and explains it is used up', async () => {
    await ok(shorten({ url: 'https://example.com/', slug: 'once', max_views: 1 }), 201);
    expect((await follow('once')).status).toBe(302);
    expect((await follow('once')).status).not.toBe(302);
    const used = await t.request('GET', '/api/public/links/once');
    expect(used.status).toBe(410);
    expect(used.body).toMatchObject({ error: 'link.views_exhausted' });
  });

  it('lets a key with text permission shorten and manage only its own links', async () => {
    const noText = await keyWith({ file_permission: true });
    expect((await shorten({ url: 'https://example.com/' }, noText)).status).toBe(403);
    const writer = await keyWith({ text_permission: true });
    const own = await ok<ShortLink>(shorten({ url: 'https://example.com/k' }, writer), 201);
    const adminLink = await ok<ShortLink>(
      shorten({ url: 'https://example.com/a', slug: 'adm' }),
      201,
    );
    const mine = await ok<ShortLinkList>(t.request('GET', '/api/user/links', undefined, writer));
    expect(mine.items.map((item) => item.id)).toEqual([own.id]);
    expect(
      (await t.request('DELETE', `/api/user/links/${adminLink.id}`, undefined, writer)).status,
    ).toBe(404);
    const changed = await ok<ShortLink>(
      t.request('PUT', `/api/user/links/${own.id}`, { url: 'https://example.org/' }, writer),
    );
    expect(changed.url).toBe('https://example.org/');
    expect(
      (await t.request('PUT', `/api/user/links/${own.id}`, { url: 'javascript:x' }, writer)).status,
    ).toBe(400);
    expect((await shorten({ url: 'https://example.com/', slug: 'adm' }, writer)).status).toBe(409);
    await ok(t.request('DELETE', `/api/user/links/${own.id}`, undefined, writer));
    expect((await follow(own.slug)).status).not.toBe(302);
  });
});
