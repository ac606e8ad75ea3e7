import type { CreatedApiKey, CreatedPaste, Paste, PasteList, PasteView } from '@sharebin/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { ENGINES, type RequestOptions, useTestServer } from '../../test/harness';
import { PASSWORD_RULE_PER_SHARE } from '../shares/share-password';
import { TOMBSTONE_TTL_MS } from '../shares/share-tombstones';

describe.each(ENGINES)('pastes on %s', (engine) => {
  const t = useTestServer(engine);
  let admin: RequestOptions;
  beforeEach(async () => {
    admin = { token: await t.loginAsAdmin() };
  });

  const pasteCount = async () =>
    Number(
      (
        await t.db
          .selectFrom('pastes')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const create = (body: Record<string, unknown>, options: RequestOptions = admin) =>
    t.request<Paste>('POST', '/api/paste', body, options);
  const createKey = async (permissions: Record<string, boolean>) =>
    (
      await t.request<CreatedApiKey>(
        'POST',
        '/api/admin/api-keys',
        { name: 'k', ...permissions },
        admin,
      )
    ).body.data;
  const viewsOf = async (slug: string) =>
    (
      await t.db
        .selectFrom('pastes')
        .select('views')
        .where('slug', '=', slug)
        .executeTakeFirstOrThrow()
    ).views;

  describe('creating', () => {
    it('creates a paste with a generated slug and every option', async () => {
      const response = await create({
        content: '# Title\n\n| a | b |\n|---|---|\n| 1 | 2 |',
        remark: 'notes',
        expires_in: '1d',
        max_views: 3,
      });
      expect(response.status).toBe(201);
      expect(response.body.data).toMatchObject({
        remark: 'notes',
        format: 'markdown',
        has_password: false,
        max_views: 3,
        views: 0,
        remaining_views: 3,
        created_by: 'admin',
        expires_at: new Date(t.clock.now() + 86_400_000).toISOString(),
      });
      expect(response.body.data.slug).toMatch(/^[0-9A-Za-z]{6}$/);
    });

    it('creates with a custom slug and a password, storing only its hash', async () => {
      const response = await create({
        content: 'secret text',
        slug: 'my-note_1',
        password: 'hunter22',
        format: 'text',
        language: 'python',
      });
      expect(response.status).toBe(201);
      expect(response.body.data).toMatchObject({
        slug: 'my-note_1',
        has_password: true,
        format: 'text',
        language: 'python',
      });
      const row = await t.db.selectFrom('pastes').selectAll().executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^scrypt\$/);
      expect(JSON.stringify(response.body)).not.toContain('hunter22');
    });

    it('lets a key with text permission create, tagging the paste with the key', async () => {
      const key = await createKey({ text_permission: true });
      const response = await create({ content: 'from a script' }, { apiKey: key.key });
      expect(response.status).toBe(201);
      expect(response.body.data.created_by).toBe(`apikey:${key.id}`);
    });

    it('refuses anonymous callers and keys without text permission', async () => {
      expect((await create({ content: 'x' }, {})).status).toBe(401);
      const key = await createKey({ file_permission: true });
      const response = await create({ content: 'x' }, { apiKey: key.key });
      expect(response.status).toBe(403);
      expect(await pasteCount()).toBe(0);
    });

    it.each([
      ['empty content', { content: '' }],
      ['whitespace content', { content: '  \n\t ' }],
      ['missing content', { remark: 'r' }],
      ['a slug with a dot', { content: 'x', slug: 'a.b' }],
      ['a slug with a slash', { content: 'x', slug: 'a/b' }],
      ['a slug with a space', { content: 'x', slug: 'a b' }],
      ['a slug of 51 characters', { content: 'x', slug: 'a'.repeat(51) }],
      ['a reserved slug', { content: 'x', slug: 'admin' }],
      ['a reserved slug in capitals', { content: 'x', slug: 'API' }],
      ['negative max views', { content: 'x', max_views: -1 }],
      ['fractional max views', { content: 'x', max_views: 1.5 }],
      ['an unknown expiry', { content: 'x', expires_in: '2d' }],
      ['an unknown format', { content: 'x', format: 'html' }],
      ['a remark of 201 characters', { content: 'x', remark: 'r'.repeat(201) }],
    ])('refuses %s with 400 and writes nothing', async (_name, body) => {
      const response = await create(body);
      expect(response.status).toBe(400);
      expect(response.body.error).toBe('validation.failed');
      expect(await pasteCount()).toBe(0);
    });

    it('accepts a slug of exactly 50 characters', async () => {
      expect((await create({ content: 'x', slug: 'a'.repeat(50) })).status).toBe(201);
    });

    it('refuses content over the size limit with 413 paste.too_large', async () => {
      const response = await create({ content: 'é'.repeat(32 * 1024 + 1) });
      expect(response.status).toBe(413);
      expect(response.body.error).toBe('paste.too_large');
      expect(await pasteCount()).toBe(0);
    });

    it('refuses a taken slug with 409 and the SPEC message', async () => {
      await create({ content: 'first', slug: 'taken' });
      const response = await create({ content: 'second', slug: 'taken' });
      expect(response.status).toBe(409);
      expect(response.body).toMatchObject({
        error: 'paste.slug_taken',
        message: 'This link suffix is already taken; try another',
      });
      expect(await pasteCount()).toBe(1);
    });

    it('creates concurrent pastes together; of one slug asked for at once, only one', async () => {
      // On SQLite these share one transaction (group commit): the taken slug fails its own
      // request only.
      const responses = await Promise.all([
        ...Array.from({ length: 8 }, (_, i) => create({ content: `free ${i}` })),
        ...Array.from({ length: 4 }, (_, i) => create({ content: `race ${i}`, slug: 'race' })),
      ]);
      const statuses = responses.map((response) => response.status);
      expect(statuses.slice(0, 8)).toEqual(Array(8).fill(201));
      expect(statuses.slice(8).sort()).toEqual([201, 409, 409, 409]);
      for (const response of responses.slice(8).filter((r) => r.status === 409))
        expect(response.body.error).toBe('paste.slug_taken');
      expect(await pasteCount()).toBe(9);
      for (const response of responses.filter((r) => r.status === 201)) {
        const view = await t.request<{ content: string }>(
          'GET',
          `/api/paste/${response.body.data?.slug}`,
        );
        expect(view.body.data?.content).toBe(response.body.data?.content);
      }
    });
  });

  describe('creating from a plain text body (scripts)', () => {
    const sendText = (text: string, query = '', options: RequestOptions = admin) =>
      t.request<CreatedPaste>('POST', `/api/paste${query}`, text, {
        ...options,
        headers: { 'content-type': 'text/plain; charset=utf-8' },
      });

    it('takes the body as the content and the options from the query string', async () => {
      const text = '# Notes\n\n  indented, café 中文\n';
      const response = await sendText(
        text,
        '?slug=notes-1&remark=from%20curl&expires_in=1d&max_views=3&format=text&language=python',
      );
      expect(response.status).toBe(201);
      expect(response.body.data).toMatchObject({
        slug: 'notes-1',
        content: text,
        remark: 'from curl',
        max_views: 3,
        format: 'text',
        language: 'python',
        expires_at: new Date(t.clock.now() + 86_400_000).toISOString(),
        url: 'http://localhost/paste/notes-1',
        raw_url: 'http://localhost/api/raw/notes-1',
      });
      const raw = await t.server.app.request(response.body.data.raw_url);
      expect(await raw.text()).toBe(text);
    });

    it('works with an API key holding text permission, with the JSON defaults', async () => {
      const key = await createKey({ text_permission: true });
      const response = await sendText('hello', '', { apiKey: key.key });
      expect(response.status).toBe(201);
      expect(response.body.data).toMatchObject({
        content: 'hello',
        format: 'markdown',
        max_views: 0,
        expires_at: null,
        remark: '',
        created_by: `apikey:${key.id}`,
      });
      expect(response.body.data.slug).toMatch(/^[0-9A-Za-z]{6}$/);
    });

    it.each([
      ['an empty body', '', ''],
      ['a max views that is no number', 'x', '?max_views=many'],
      ['a negative max views', 'x', '?max_views=-1'],
      ['an unknown expiry', 'x', '?expires_in=2y'],
      ['a slug with a space', 'x', '?slug=a%20b'],
      ['an unknown format', 'x', '?format=html'],
    ])('refuses %s with 400 validation.failed and writes nothing', async (_name, text, query) => {
      const response = await sendText(text, query);
      expect(response.status).toBe(400);
      expect(response.body.error).toBe('validation.failed');
      expect(await pasteCount()).toBe(0);
    });

    it('refuses text over the size limit with 413 paste.too_large', async () => {
      const response = await sendText('x'.repeat(64 * 1024 + 1));
      expect(response.status).toBe(413);
      expect(response.body.error).toBe('paste.too_large');
      expect(await pasteCount()).toBe(0);
    });

    it('answers a taken slug with 409', async () => {
      await sendText('first', '?slug=taken');
      const response = await sendText('second', '?slug=taken');
      expect(response.status).toBe(409);
      expect(await pasteCount()).toBe(1);
    });

    it('still refuses other body types with 415', async () => {
      const response = await t.request('POST', '/api/paste', 'content', {
        ...admin,
        headers: { 'content-type': 'application/octet-stream' },
      });
      expect(response.status).toBe(415);
      expect(await pasteCount()).toBe(0);
    });

    it('documents the text body and its query parameters in OpenAPI', async () => {
      const document = (await (await t.server.app.request('/api/openapi.json')).json()) as {
        paths: Record<
          string,
          { post: { requestBody: { content: object }; parameters: { name: string }[] } }
        >;
      };
      const operation = document.paths['/api/paste']?.post;
      expect(Object.keys(operation?.requestBody.content ?? {})).toEqual([
        'application/json',
        'text/plain',
      ]);
      expect(operation?.parameters.map((parameter) => parameter.name)).toEqual(
        expect.arrayContaining(['slug', 'remark', 'password', 'expires_in', 'max_views']),
      );
    });
  });

  describe('viewing', () => {
    it('counts each view and refuses the one after max views', async () => {
      await create({ content: 'twice', slug: 'twice', max_views: 2 });
      const first = await t.request<PasteView>('GET', '/api/paste/twice');
      expect(first.body.data).toMatchObject({ content: 'twice', views: 1, remaining_views: 1 });
      const second = await t.request<PasteView>('GET', '/api/paste/twice');
      expect(second.status).toBe(200);
      expect(second.body.data).toMatchObject({ views: 2, remaining_views: 0 });
      const third = await t.request('GET', '/api/paste/twice');
      expect(third.status).toBe(410);
      expect(third.body.error).toBe('paste.views_exhausted');
      expect(await viewsOf('twice')).toBe(2);
    });

    it('does not count a password sent to a paste that has none towards a lock-out', async () => {
      await create({ content: 'open to all', slug: 'open' });
      for (let i = 0; i <= PASSWORD_RULE_PER_SHARE.limit; i++) {
        const raw = await t.server.app.request('/api/raw/open?password=anything');
        expect(raw.status).toBe(200);
      }
    });

    it('never sends the remark to a visitor; its owner still reads it', async () => {
      const created = await create({
        content: 'public text',
        slug: 'noted',
        remark: 'my own note',
      });
      const view = await t.request<PasteView>('GET', '/api/paste/noted');
      expect(view.status).toBe(200);
      expect(view.body.data).not.toHaveProperty('remark');
      expect(JSON.stringify(view.body)).not.toContain('my own note');
      const owned = await t.request<Paste>(
        'GET',
        `/api/admin/pastes/${created.body.data.id}`,
        undefined,
        admin,
      );
      expect(owned.body.data.remark).toBe('my own note');
    });

    it('serves exactly k of 50 concurrent views of a paste with max_views = k', async () => {
      const k = 7;
      await create({ content: 'limited', slug: 'limited', max_views: k });
      const responses = await Promise.all(
        Array.from({ length: 50 }, () => t.request('GET', '/api/paste/limited')),
      );
      const served = responses.filter((r) => r.status === 200).length;
      expect(served).toBe(k);
      expect(responses.filter((r) => r.status === 410).length).toBe(50 - k);
      expect(await viewsOf('limited')).toBe(k);
    });

    it('answers an expired paste with paste.expired and an unknown one with 404', async () => {
      await create({ content: 'soon gone', slug: 'hourly', expires_in: '1h' });
      expect((await t.request('GET', '/api/paste/hourly')).status).toBe(200);
      t.clock.advance(3_600_000);
      const expired = await t.request('GET', '/api/paste/hourly');
      expect(expired.status).toBe(410);
      expect(expired.body.error).toBe('paste.expired');
      const unknown = await t.request('GET', '/api/paste/nothing-here');
      expect(unknown.status).toBe(404);
      expect(unknown.body.error).toBe('paste.not_found');
    });

    it('serves the raw text as UTF-8 plain text with safe headers', async () => {
      await create({ content: '<script>alert(1)</script> ünïcode', slug: 'rawtext' });
      const response = await t.server.app.request('/api/raw/rawtext');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-security-policy')).toContain('sandbox');
      expect(await response.text()).toBe('<script>alert(1)</script> ünïcode');
      expect(await viewsOf('rawtext')).toBe(1);
    });
  });

  describe('a protected paste', () => {
    const secret = 'the launch codes are 0000';
    beforeEach(async () => {
      await create({
        content: secret,
        slug: 'locked',
        password: 'open-sesame',
        remark: 'private remark',
        max_views: 5,
      });
    });

    it('leaks nothing through any route before the password is checked', async () => {
      const attempts = [
        await t.request('GET', '/api/paste/locked'),
        await t.request('POST', '/api/paste/locked', { password: 'wrong' }),
        await t.request('POST', '/api/paste/locked', {}),
        await t.request('GET', '/api/raw/locked'),
        await t.request('GET', '/api/raw/locked?password=wrong'),
        await t.request('GET', '/api/raw/locked?token=1.forged'),
      ];
      for (const response of attempts) {
        expect(response.status).toBeGreaterThanOrEqual(400);
        const text = JSON.stringify(response.body);
        expect(text).not.toContain('launch codes');
        expect(text).not.toContain('private remark');
      }
      expect(attempts[0]?.body.error).toBe('paste.password_required');
      expect(attempts[1]?.body).toMatchObject({
        code: 401,
        error: 'paste.wrong_password',
        message: 'Wrong password',
      });
      expect(attempts[5]?.body.error).toBe('share.invalid_access_token');
      expect(await viewsOf('locked')).toBe(0);
    });

    it('opens with the password, counts one view and gives a raw-link token', async () => {
      const response = await t.request<PasteView>('POST', '/api/paste/locked', {
        password: 'open-sesame',
      });
      expect(response.status).toBe(200);
      expect(response.body.data).toMatchObject({ content: secret, views: 1, has_password: true });
      // The remark is a note for the owner: visitors never receive it, even once unlocked.
      expect(response.body.data).not.toHaveProperty('remark');
      expect(JSON.stringify(response.body)).not.toContain('private remark');
      const token = response.body.data.access_token as string;
      expect(token).toMatch(/^[0-9a-z]+\.[\w-]{43}$/);

      const raw = await t.server.app.request(`/api/raw/locked?token=${encodeURIComponent(token)}`);
      expect(await raw.text()).toBe(secret);
      expect(await viewsOf('locked')).toBe(1);

      t.clock.advance(10 * 60_000);
      const late = await t.request('GET', `/api/raw/locked?token=${encodeURIComponent(token)}`);
      expect(late.status).toBe(401);
      expect(late.body.error).toBe('share.invalid_access_token');
    });

    it.each([
      ['a new password', { password: 'another-secret' }],
      ['fewer max views', { max_views: 2 }],
      ['a new expiry', { expires_in: '1h' }],
    ])('turns raw-link tokens invalid after %s', async (_name, change) => {
      const opened = await t.request<PasteView>('POST', '/api/paste/locked', {
        password: 'open-sesame',
      });
      const rawLink = `/api/raw/locked?token=${encodeURIComponent(opened.body.data.access_token as string)}`;
      expect((await t.server.app.request(rawLink)).status).toBe(200);
      const { id } = await t.db
        .selectFrom('pastes')
        .select('id')
        .where('slug', '=', 'locked')
        .executeTakeFirstOrThrow();
      expect((await t.request('PUT', `/api/admin/pastes/${id}`, change, admin)).status).toBe(200);
      const stale = await t.request('GET', rawLink);
      expect(stale.status).toBe(401);
      expect(stale.body.error).toBe('share.invalid_access_token');
      expect(JSON.stringify(stale.body)).not.toContain('launch codes');
    });

    it('accepts the password on the raw link for scripts, counting the view', async () => {
      const raw = await t.server.app.request('/api/raw/locked?password=open-sesame');
      expect(await raw.text()).toBe(secret);
      expect(await viewsOf('locked')).toBe(1);
    });

    it('rate limits wrong passwords per client and paste', async () => {
      const from = { headers: { 'x-forwarded-for': '203.0.113.5' } };
      for (let i = 0; i < PASSWORD_RULE_PER_SHARE.limit; i++) {
        expect(
          (await t.request('POST', '/api/paste/locked', { password: `guess-${i}` }, from)).status,
        ).toBe(401);
      }
      const blocked = await t.request(
        'POST',
        '/api/paste/locked',
        { password: 'open-sesame' },
        from,
      );
      expect(blocked.status).toBe(429);
      expect(blocked.body.error).toBe('share.rate_limited');
      expect(blocked.headers.get('retry-after')).toBeTruthy();
      expect(JSON.stringify(blocked.body)).not.toContain('launch codes');
      expect(await viewsOf('locked')).toBe(0);
    });

    it('checks no more passwords than the limit under parallel attempts', async () => {
      const from = { headers: { 'x-forwarded-for': '203.0.113.6' } };
      const attempt = (password: string) =>
        t.request('POST', '/api/paste/locked', { password }, from);
      const responses = await Promise.all([
        ...Array.from({ length: 29 }, (_, i) => attempt(`guess-${i}`)),
        attempt('open-sesame'),
      ]);
      const statuses = responses.map((response) => response.status);
      expect(statuses.filter((status) => status === 401)).toHaveLength(
        PASSWORD_RULE_PER_SHARE.limit,
      );
      // Counted before it is checked, the right password sent last is over the limit.
      expect(statuses.at(-1)).toBe(429);
      expect(responses.at(-1)?.body.error).toBe('share.rate_limited');
      expect(await viewsOf('locked')).toBe(0);
    });
  });

  describe('admin management', () => {
    it('lists 10 a page, newest first, with search by slug or remark', async () => {
      for (let i = 0; i < 12; i++) {
        await create({
          content: `paste ${i}`,
          slug: `p-${i}`,
          remark: i === 3 ? 'Quarterly Report' : '',
        });
        t.clock.advance(1000);
      }
      const first = await t.request<PasteList>('GET', '/api/admin/pastes', undefined, admin);
      expect(first.body.data.items).toHaveLength(10);
      expect(first.body.data.total).toBe(12);
      expect(first.body.data.items[0]?.slug).toBe('p-11');
      expect(first.body.data.items[0]?.preview).toBe('paste 11');
      expect(first.body.data.items[0]).not.toHaveProperty('content');
      const second = await t.request<PasteList>(
        'GET',
        '/api/admin/pastes?page=2',
        undefined,
        admin,
      );
      expect(second.body.data.items.map((p) => p.slug)).toEqual(['p-1', 'p-0']);
      const byRemark = await t.request<PasteList>(
        'GET',
        '/api/admin/pastes?search=quarterly',
        undefined,
        admin,
      );
      expect(byRemark.body.data.items.map((p) => p.slug)).toEqual(['p-3']);
      const bySlug = await t.request<PasteList>(
        'GET',
        '/api/admin/pastes?search=p-1',
        undefined,
        admin,
      );
      expect(bySlug.body.data.total).toBe(3);
      const literal = await t.request<PasteList>(
        'GET',
        '/api/admin/pastes?search=%25%25',
        undefined,
        admin,
      );
      expect(literal.body.data.total).toBe(0);
      const short = await t.request('GET', '/api/admin/pastes?search=p', undefined, admin);
      expect(short.status).toBe(400);
    });

    it('reads, edits every field and deletes a paste', async () => {
      const paste = (await create({ content: 'draft', slug: 'editme' })).body.data;
      const read = await t.request<Paste>('GET', `/api/admin/pastes/${paste.id}`, undefined, admin);
      expect(read.body.data.content).toBe('draft');
      const edited = await t.request<Paste>(
        'PUT',
        `/api/admin/pastes/${paste.id}`,
        {
          content: 'final',
          remark: 'done',
          slug: 'edited',
          password: 'new-pass',
          expires_in: '7d',
          max_views: 9,
        },
        admin,
      );
      expect(edited.status).toBe(200);
      expect(edited.body.data).toMatchObject({
        content: 'final',
        remark: 'done',
        slug: 'edited',
        has_password: true,
        max_views: 9,
        expires_at: new Date(t.clock.now() + 7 * 86_400_000).toISOString(),
      });
      const unlocked = await t.request<Paste>(
        'PUT',
        `/api/admin/pastes/${paste.id}`,
        { password: null, expires_in: 'never' },
        admin,
      );
      expect(unlocked.body.data).toMatchObject({ has_password: false, expires_at: null });
      expect(
        (await t.request('DELETE', `/api/admin/pastes/${paste.id}`, undefined, admin)).status,
      ).toBe(200);
      expect(await pasteCount()).toBe(0);
      expect(
        (await t.request('DELETE', `/api/admin/pastes/${paste.id}`, undefined, admin)).status,
      ).toBe(404);
    });

    it.each([
      ['a taken slug', { slug: 'other' }, 409, 'paste.slug_taken'],
      ['a reserved slug', { slug: 'raw' }, 400, 'validation.failed'],
      ['empty content', { content: ' ' }, 400, 'validation.failed'],
      ['negative max views', { max_views: -2 }, 400, 'validation.failed'],
      ['nothing to change', {}, 400, 'validation.failed'],
    ])('refuses an edit with %s and changes nothing', async (_name, body, status, code) => {
      await create({ content: 'other', slug: 'other' });
      const paste = (await create({ content: 'mine', slug: 'mine' })).body.data;
      const before = await t.db
        .selectFrom('pastes')
        .selectAll()
        .where('id', '=', paste.id)
        .executeTakeFirstOrThrow();
      const response = await t.request('PUT', `/api/admin/pastes/${paste.id}`, body, admin);
      expect(response.status).toBe(status);
      expect(response.body.error).toBe(code);
      expect(
        await t.db
          .selectFrom('pastes')
          .selectAll()
          .where('id', '=', paste.id)
          .executeTakeFirstOrThrow(),
      ).toEqual(before);
    });

    it('batch deletes and clears expired and used-up pastes', async () => {
      const a = (await create({ content: 'a' })).body.data;
      const b = (await create({ content: 'b' })).body.data;
      await create({ content: 'keeps', slug: 'keeps' });
      const batch = await t.request(
        'POST',
        '/api/admin/pastes/batch-delete',
        { ids: [a.id, b.id, 'missing'] },
        admin,
      );
      expect(batch.body.data).toEqual({ deleted: 2 });
      expect(
        (await t.request('POST', '/api/admin/pastes/batch-delete', { ids: [] }, admin)).status,
      ).toBe(400);

      await create({ content: 'x', slug: 'expiring', expires_in: '1h' });
      await create({ content: 'x', slug: 'once', max_views: 1 });
      await t.request('GET', '/api/paste/once');
      t.clock.advance(3_600_000);
      const cleared = await t.request(
        'POST',
        '/api/admin/pastes/clear-expired',
        { clearExpired: true },
        admin,
      );
      expect(cleared.body.data).toEqual({ deleted: 2 });
      const left = await t.db.selectFrom('pastes').select('slug').execute();
      expect(left.map((r) => r.slug)).toEqual(['keeps']);
    });

    it('has the housekeeping job delete finished pastes', async () => {
      await create({ content: 'x', slug: 'expiring', expires_in: '1h' });
      t.clock.advance(3_600_001);
      expect((await t.server.housekeeping()).pastes).toBe(1);
      expect(await pasteCount()).toBe(0);
    });

    it('keeps explaining expired and used-up pastes after the clean-up deleted them', async () => {
      await create({ content: 'x', slug: 'expiring', expires_in: '1h' });
      await create({ content: 'x', slug: 'once', max_views: 1, password: 'pw-1234' });
      await create({ content: 'x', slug: 'twice', max_views: 2 });
      await create({ content: 'x', slug: 'live' });
      await t.request('POST', '/api/paste/once', { password: 'pw-1234' });
      t.clock.advance(3_600_001);
      expect((await t.server.housekeeping()).pastes).toBe(2);

      const expired = await t.request('GET', '/api/paste/expiring');
      expect(expired.status).toBe(410);
      expect(expired.body.error).toBe('paste.expired');
      for (const response of [
        await t.request('GET', '/api/paste/once'),
        await t.request('POST', '/api/paste/once', { password: 'pw-1234' }),
        await t.request('GET', '/api/raw/once'),
      ]) {
        expect(response.status).toBe(410);
        expect(response.body.error).toBe('paste.views_exhausted');
      }
      expect((await t.request('GET', '/api/paste/never-was')).status).toBe(404);

      // Deleting a used-up paste by hand keeps its reason; deleting a live one leaves none.
      await t.request('GET', '/api/paste/twice');
      await t.request('GET', '/api/paste/twice');
      const ids = await t.db.selectFrom('pastes').select(['id', 'slug']).execute();
      for (const { id } of ids)
        await t.request('DELETE', `/api/admin/pastes/${id}`, undefined, admin);
      expect((await t.request('GET', '/api/paste/twice')).body.error).toBe('paste.views_exhausted');
      expect((await t.request('GET', '/api/paste/live')).status).toBe(404);

      // A new paste may take the slug; the reason is forgotten after a while.
      await create({ content: 'new', slug: 'expiring' });
      expect((await t.request('GET', '/api/paste/expiring')).status).toBe(200);
      t.clock.advance(TOMBSTONE_TTL_MS + 1);
      expect((await t.server.housekeeping()).tombstones).toBe(3);
      expect((await t.request('GET', '/api/paste/once')).status).toBe(404);
      expect((await t.request('GET', '/api/paste/twice')).status).toBe(404);
    });
  });

  describe("a key's own pastes", () => {
    it('lets a key see and manage only its own pastes', async () => {
      const mine = await createKey({ text_permission: true });
      const theirs = await createKey({ text_permission: true });
      const own = (await create({ content: 'mine', slug: 'own' }, { apiKey: mine.key })).body.data;
      const other = (await create({ content: 'theirs', slug: 'theirs' }, { apiKey: theirs.key }))
        .body.data;
      const byAdmin = (await create({ content: 'admin', slug: 'by-admin' })).body.data;
      // A creator recorded without the `apikey:` prefix is recognised too.
      await t.db
        .updateTable('pastes')
        .set({ created_by: mine.id })
        .where('id', '=', byAdmin.id)
        .execute();

      const list = await t.request<PasteList>('GET', '/api/user/pastes', undefined, {
        apiKey: mine.key,
      });
      expect(list.body.data.items.map((p) => p.slug).sort()).toEqual(['by-admin', 'own']);

      for (const [method, body] of [
        ['GET'],
        ['PUT', { content: 'hijacked' }],
        ['DELETE'],
      ] as const) {
        const response = await t.request(method, `/api/user/pastes/${other.id}`, body, {
          apiKey: mine.key,
        });
        expect(response.status).toBe(404);
      }
      const batch = await t.request(
        'POST',
        '/api/user/pastes/batch-delete',
        { ids: [other.id, own.id] },
        { apiKey: mine.key },
      );
      expect(batch.body.data).toEqual({ deleted: 1 });
      const survivor = await t.db
        .selectFrom('pastes')
        .select('content')
        .where('id', '=', other.id)
        .executeTakeFirstOrThrow();
      expect(survivor.content).toBe('theirs');

      const edited = await t.request<Paste>(
        'PUT',
        `/api/user/pastes/${byAdmin.id}`,
        { remark: 'mine now' },
        { apiKey: mine.key },
      );
      expect(edited.body.data.remark).toBe('mine now');
    });

    it('keeps keys without text permission out of the user routes', async () => {
      const key = await createKey({ mount_permission: true });
      expect(
        (await t.request('GET', '/api/user/pastes', undefined, { apiKey: key.key })).status,
      ).toBe(403);
      expect(
        (await t.request('GET', '/api/admin/pastes', undefined, { apiKey: key.key })).status,
      ).toBe(403);
    });
  });
});

describe('links of new pastes with PUBLIC_URL set', () => {
  const t = useTestServer('sqlite', { publicUrl: 'https://paste.example.com/' });

  it('builds the share and raw URLs from PUBLIC_URL', async () => {
    const token = await t.loginAsAdmin();
    const response = await t.request<CreatedPaste>(
      'POST',
      '/api/paste',
      { content: 'hi', slug: 'hello' },
      { token },
    );
    expect(response.body.data).toMatchObject({
      url: 'https://paste.example.com/paste/hello',
      raw_url: 'https://paste.example.com/api/raw/hello',
    });
  });
});
