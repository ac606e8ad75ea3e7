import type {
  FsListing,
  PublicUploadRequest,
  ReceivedFiles,
  UploadArrivalList,
  UploadRequest,
  UploadRequestList,
} from '@sharebin/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { fsKeyWith, ok } from '../../test/fs-kit';
import { ENGINES, type RequestOptions, uploadForm, useTestServer } from '../../test/harness';
import { adminWithInbox } from '../../test/upload-request-kit';

/** A form of several `file` parts. */
function filesForm(files: [name: string, text: string, type?: string][]): FormData {
  const form = new FormData();
  for (const [name, text, type = 'text/plain'] of files) {
    form.append('file', new Blob([text], { type }), name);
  }
  return form;
}

describe.each(ENGINES)('upload requests on %s', (engine) => {
  const t = useTestServer(engine);
  let admin: RequestOptions;

  const create = (body: Record<string, unknown>, options = admin, prefix = 'admin') =>
    t.request<UploadRequest>('POST', `/api/${prefix}/upload-requests`, body, options);
  const visit = (slug: string, rest = '', init: RequestInit = {}) =>
    t.server.app.request(`/api/public/upload-requests/${slug}${rest}`, init);
  const send = (slug: string, form: FormData, rest = '', headers: Record<string, string> = {}) =>
    visit(slug, `/files${rest}`, { method: 'POST', body: form, headers });
  const json = async <T>(response: Response, status = 200): Promise<T> => {
    const body = (await response.json()) as { data: T; error?: string };
    expect(response.status, JSON.stringify(body)).toBe(status);
    return body.data;
  };
  const refusal = async (response: Response, status: number) => {
    const body = (await response.json()) as { error: string; message: string };
    expect(response.status, JSON.stringify(body)).toBe(status);
    return body.error;
  };
  const names = async (folder: string) =>
    (
      await ok<FsListing>(
        t.request('GET', `/api/admin/fs/list?path=${encodeURIComponent(folder)}`, undefined, admin),
      )
    ).items
      .map((item) => item.name)
      .sort();
  const read = async (path: string) =>
    (
      await t.server.app.request(`/api/admin/fs/download?path=${encodeURIComponent(path)}`, {
        headers: { authorization: `Bearer ${admin.token}` },
      })
    ).text();
  const current = (id: string) =>
    ok<UploadRequest>(t.request('GET', `/api/admin/upload-requests/${id}`, undefined, admin));

  beforeEach(async () => {
    ({ admin } = await adminWithInbox(t));
    await ok(
      t.request(
        'POST',
        '/api/admin/fs/upload',
        uploadForm(Buffer.from('private'), 'secret.txt', { path: '/docs/inbox' }),
        admin,
      ),
      201,
    );
  });

  it('takes several files in one form, keeps taken names by numbering, and tells its owner what arrived', async () => {
    const request = await ok(
      create({ path: '/docs/inbox', slug: 'homework', remark: 'class 3B' }),
      201,
    );
    expect(request).toMatchObject({ name: 'inbox', path: '/docs/inbox', files_received: 0 });
    expect(request.url).toMatch(/\/r\/homework$/);

    const info = await json<PublicUploadRequest>(await visit('homework'));
    expect(info).toMatchObject({ name: 'inbox', requires_password: false, remaining_files: null });
    // Nothing of the folder's path, contents or the owner's note.
    for (const secret of ['/docs', 'secret.txt', 'class 3B', 'admin']) {
      expect(JSON.stringify(info)).not.toContain(secret);
    }

    const sent = await json<ReceivedFiles>(
      await send(
        'homework',
        filesForm([
          ['essay.txt', 'first draft'],
          ['secret.txt', 'mine'],
        ]),
      ),
      201,
    );
    expect(sent.files).toEqual([
      { name: 'essay.txt', size: 11 },
      { name: 'secret (1).txt', size: 4 },
    ]);
    t.clock.advance(60_000);
    await json(await send('homework', filesForm([['essay.txt', 'second draft']])), 201);
    expect(await names('/docs/inbox')).toEqual([
      'essay (1).txt',
      'essay.txt',
      'secret (1).txt',
      'secret.txt',
    ]);
    expect(await read('/docs/inbox/secret.txt')).toBe('private');
    expect(await read('/docs/inbox/essay (1).txt')).toBe('second draft');

    expect(await current(request.id)).toMatchObject({ files_received: 3, bytes_received: 27 });
    const arrived = await ok<UploadArrivalList>(
      t.request('GET', `/api/admin/upload-requests/${request.id}/files`, undefined, admin),
    );
    expect(arrived.total).toBe(3);
    expect(arrived.items.map((item) => item.path).sort()).toEqual([
      '/docs/inbox/essay (1).txt',
      '/docs/inbox/essay.txt',
      '/docs/inbox/secret (1).txt',
    ]);
    expect(arrived.items.every((item) => item.request_id === request.id)).toBe(true);
    const recent = await ok<UploadArrivalList>(
      t.request('GET', '/api/admin/upload-arrivals?limit=2', undefined, admin),
    );
    expect(recent).toMatchObject({ total: 3, limit: 2 });
    expect(recent.items[0]).toMatchObject({ name: 'essay (1).txt', size: 12 });
  });

  it('makes visitors’ names safe: no paths, hidden files, reserved or control characters', async () => {
    const request = await ok(create({ path: '/docs/inbox' }), 201);
    const sent = await json<ReceivedFiles>(
      await send(
        request.slug,
        filesForm([
          ['../../escape.txt', 'a'],
          ['..\\..\\win.txt', 'b'],
          ['.htaccess', 'c'],
          ['what?<is>:this|.txt', 'd'],
          ['..', 'e'],
        ]),
      ),
      201,
    );
    expect(sent.files.map((file) => file.name)).toEqual([
      'escape.txt',
      'win.txt',
      'htaccess',
      'what__is__this_.txt',
      'file',
    ]);
    expect(await names('/docs')).toEqual(['inbox']);
  });

  it('enforces the number of files, nothing stored past it', async () => {
    const request = await ok(create({ path: '/docs/inbox', max_files: 2 }), 201);
    await json(
      await send(
        request.slug,
        filesForm([
          ['a.txt', 'a'],
          ['b.txt', 'b'],
        ]),
      ),
      201,
    );
    expect(await refusal(await send(request.slug, filesForm([['c.txt', 'c']])), 410)).toBe(
      'upload_request.full',
    );
    expect(await refusal(await visit(request.slug), 410)).toBe('upload_request.full');
    expect(await names('/docs/inbox')).toEqual(['a.txt', 'b.txt', 'secret.txt']);
  });

  it('refuses a file over the size per file, and one past the total, storing none of it', async () => {
    const request = await ok(
      create({ path: '/docs/inbox', max_file_size: 10, max_total_size: 15 }),
      201,
    );
    expect(
      await refusal(await send(request.slug, filesForm([['big.txt', 'twelve bytes']])), 413),
    ).toBe('upload_request.file_too_large');
    expect(await current(request.id)).toMatchObject({ files_received: 0, bytes_received: 0 });
    await json(await send(request.slug, filesForm([['one.txt', 'ten bytes!']])), 201);
    expect(
      await refusal(await send(request.slug, filesForm([['two.txt', 'ten bytes!']])), 413),
    ).toBe('upload_request.total_exceeded');
    await json(await send(request.slug, filesForm([['three.txt', 'five!']])), 201);
    expect(await refusal(await send(request.slug, filesForm([['four.txt', 'x']])), 413)).toBe(
      'upload_request.total_exceeded',
    );
    expect(await names('/docs/inbox')).toEqual(['one.txt', 'secret.txt', 'three.txt']);
    expect(await current(request.id)).toMatchObject({ files_received: 2, bytes_received: 15 });
    // Every byte it accepts has arrived: it says it is full.
    expect(await refusal(await visit(request.slug), 410)).toBe('upload_request.full');
  });

  it('holds to the server’s upload limit when the request sets none lower', async () => {
    await t.limitUploads(admin, 1, 'KB');
    const request = await ok(create({ path: '/docs/inbox' }), 201);
    expect(await json<PublicUploadRequest>(await visit(request.slug))).toMatchObject({
      max_file_size: 1024,
    });
    expect(
      await refusal(await send(request.slug, filesForm([['big.txt', 'x'.repeat(2000)]])), 413),
    ).toBe('upload_request.file_too_large');
    expect(await names('/docs/inbox')).toEqual(['secret.txt']);
  });

  it('accepts only the types asked for, by extension or media type', async () => {
    const request = await ok(
      create({ path: '/docs/inbox', allowed_types: ['.PDF', 'image/*'] }),
      201,
    );
    expect(request.allowed_types).toEqual(['.pdf', 'image/*']);
    expect(await refusal(await send(request.slug, filesForm([['notes.txt', 'text']])), 415)).toBe(
      'upload_request.type_not_allowed',
    );
    // A declared type does not make a .txt an image.
    expect(
      await refusal(await send(request.slug, filesForm([['fake.txt', 'x', 'image/png']])), 415),
    ).toBe('upload_request.type_not_allowed');
    await json(
      await send(
        request.slug,
        filesForm([
          ['scan.pdf', '%PDF', 'application/pdf'],
          ['photo.PNG', 'png', 'image/png'],
        ]),
      ),
      201,
    );
    expect(await names('/docs/inbox')).toEqual(['photo.PNG', 'scan.pdf', 'secret.txt']);
    for (const bad of [['exe'], ['*/*'], ['.'], ['a/b/c']]) {
      const refused = await create({ path: '/docs/inbox', allowed_types: bad });
      expect(refused.status, bad[0]).toBe(400);
    }
  });

  it('asks for the password; the header or a verified token lets files in', async () => {
    const request = await ok(create({ path: '/docs/inbox', password: 'open sesame' }), 201);
    expect(await json<PublicUploadRequest>(await visit(request.slug))).toEqual({
      slug: request.slug,
      requires_password: true,
    });
    expect(await refusal(await send(request.slug, filesForm([['a.txt', 'a']])), 401)).toBe(
      'upload_request.password_required',
    );
    expect(
      await refusal(
        await send(request.slug, filesForm([['a.txt', 'a']]), '', {
          'x-share-password': 'wrong',
        }),
        401,
      ),
    ).toBe('upload_request.wrong_password');
    await json(
      await send(request.slug, filesForm([['b.txt', 'b']]), '', {
        'x-share-password': 'open sesame',
      }),
      201,
    );
    const verified = await json<PublicUploadRequest>(
      await visit(request.slug, '/verify', {
        method: 'POST',
        body: JSON.stringify({ password: 'open sesame' }),
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect(verified.access_token).toBeTruthy();
    await json(
      await send(
        request.slug,
        filesForm([['c.txt', 'c']]),
        `?token=${encodeURIComponent(verified.access_token ?? '')}`,
      ),
      201,
    );
    expect(await names('/docs/inbox')).toEqual(['b.txt', 'c.txt', 'secret.txt']);
  });

  it('closes when it expires', async () => {
    const request = await ok(create({ path: '/docs/inbox', expires_in: '1h' }), 201);
    t.clock.advance(3_600_001);
    expect(await refusal(await visit(request.slug), 410)).toBe('upload_request.expired');
    expect(await refusal(await send(request.slug, filesForm([['a.txt', 'a']])), 410)).toBe(
      'upload_request.expired',
    );
    expect(await names('/docs/inbox')).toEqual(['secret.txt']);
  });

  it('asks for a folder: not a file, not the list of mounts, not a folder that is not there', async () => {
    expect((await create({ path: '/docs/inbox/secret.txt' })).body.error).toBe(
      'upload_request.not_a_folder',
    );
    expect((await create({ path: '/' })).status).toBeGreaterThanOrEqual(400);
    expect((await create({ path: '/docs/nowhere' })).status).toBe(404);
    expect((await create({ path: '/docs' })).status).toBe(201);
  });

  it('lets keys ask only inside their base path, never read-only keys, and each manages its own', async () => {
    const key = await fsKeyWith(t, admin, { basic_path: '/docs/inbox' });
    const readOnly = await fsKeyWith(t, admin, { basic_path: '/docs', mount_read_only: true });
    const other = await fsKeyWith(t, admin, { basic_path: '/docs' });
    expect((await create({ path: '/docs/inbox' }, readOnly, 'user')).status).toBe(403);
    expect((await create({ path: '/docs' }, key, 'user')).status).toBe(403);
    const own = await ok(create({ path: '/docs/inbox' }, key, 'user'), 201);
    expect(own.created_by).toMatch(/^apikey:/);
    const othersList = await ok<UploadRequestList>(
      t.request('GET', '/api/user/upload-requests', undefined, other),
    );
    expect(othersList.total).toBe(0);
    expect(
      (await t.request('DELETE', `/api/user/upload-requests/${own.id}`, undefined, other)).status,
    ).toBe(404);
    expect(
      (await t.request('GET', `/api/user/upload-requests/${own.id}/files`, undefined, other))
        .status,
    ).toBe(404);
    const mine = await ok<UploadRequestList>(
      t.request('GET', '/api/user/upload-requests', undefined, key),
    );
    expect(mine.items.map((item) => item.id)).toEqual([own.id]);
    // Files sent through a key's request are written as the key, inside its base path.
    await json(await send(own.slug, filesForm([['k.txt', 'from a visitor']])), 201);
    expect(await read('/docs/inbox/k.txt')).toBe('from a visitor');
    const arrivals = (options: RequestOptions) =>
      ok<UploadArrivalList>(t.request('GET', '/api/user/upload-arrivals', undefined, options));
    expect((await arrivals(key)).items.map((item) => item.name)).toEqual(['k.txt']);
    expect((await arrivals(other)).total).toBe(0);
  });

  it('stops taking files once its key may no longer write there', async () => {
    const key = await fsKeyWith(t, admin, { basic_path: '/docs' });
    const own = await ok(create({ path: '/docs/inbox' }, key, 'user'), 201);
    const keyId = own.created_by.replace('apikey:', '');
    await ok(t.request('PUT', `/api/admin/api-keys/${keyId}`, { mount_read_only: true }, admin));
    expect(await refusal(await visit(own.slug), 410)).toBe('upload_request.path_gone');
    expect(await refusal(await send(own.slug, filesForm([['a.txt', 'a']])), 410)).toBe(
      'upload_request.path_gone',
    );
    expect(await names('/docs/inbox')).toEqual(['secret.txt']);
  });

  it('follows its folder through a rename; a deleted folder ends it', async () => {
    const request = await ok(create({ path: '/docs/inbox' }), 201);
    await ok(
      t.request(
        'POST',
        '/api/admin/fs/rename',
        { oldPath: '/docs/inbox', newPath: '/docs/in' },
        admin,
      ),
    );
    expect((await current(request.id)).path).toBe('/docs/in');
    await json(await send(request.slug, filesForm([['a.txt', 'a']])), 201);
    expect(await names('/docs/in')).toEqual(['a.txt', 'secret.txt']);
    await ok(t.request('DELETE', '/api/admin/fs/remove?path=%2Fdocs%2Fin', undefined, admin));
    expect(
      (await t.request('GET', `/api/admin/upload-requests/${request.id}`, undefined, admin)).status,
    ).toBe(404);
    expect(await refusal(await visit(request.slug), 404)).toBe('upload_request.not_found');
  });

  it('edits its limits and types; deleting it keeps the files', async () => {
    const request = await ok(create({ path: '/docs/inbox', max_files: 1 }), 201);
    await json(await send(request.slug, filesForm([['a.txt', 'a']])), 201);
    expect(await refusal(await send(request.slug, filesForm([['b.txt', 'b']])), 410)).toBe(
      'upload_request.full',
    );
    const edited = await ok<UploadRequest>(
      t.request(
        'PUT',
        `/api/admin/upload-requests/${request.id}`,
        { max_files: 3, allowed_types: ['.txt'], slug: 'more' },
        admin,
      ),
    );
    expect(edited).toMatchObject({ max_files: 3, allowed_types: ['.txt'], slug: 'more' });
    await json(await send('more', filesForm([['b.txt', 'b']])), 201);
    await ok(t.request('DELETE', `/api/admin/upload-requests/${request.id}`, undefined, admin));
    expect(await refusal(await visit('more'), 404)).toBe('upload_request.not_found');
    expect(await names('/docs/inbox')).toEqual(['a.txt', 'b.txt', 'secret.txt']);
  });

  it('never lets 20 concurrent senders past max_files', async () => {
    const request = await ok(create({ path: '/docs/inbox', max_files: 3 }), 201);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        send(request.slug, filesForm([['same.txt', `sender ${i}`]])),
      ),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(3);
    expect(answers.filter((answer) => answer.status === 410)).toHaveLength(17);
    expect(await names('/docs/inbox')).toEqual([
      'same (1).txt',
      'same (2).txt',
      'same.txt',
      'secret.txt',
    ]);
    expect(await current(request.id)).toMatchObject({ files_received: 3 });
  });
});
