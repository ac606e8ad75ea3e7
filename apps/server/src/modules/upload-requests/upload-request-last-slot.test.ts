import { randomBytes } from 'node:crypto';
import type { PublicUploadRequest, RequestMultipartInit, UploadRequest } from '@sharebin/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { ok } from '../../test/fs-kit';
import { ENGINES, type RequestOptions, uploadForm, useTestServer } from '../../test/harness';
import { adminWithInbox, visitorMultipart } from '../../test/upload-request-kit';

const MIB = 1024 * 1024;

describe.each(ENGINES)('the last file of an upload request, half sent, on %s', (engine) => {
  const t = useTestServer(engine);
  let admin: RequestOptions;

  const { call, putPart } = visitorMultipart(t);
  const answer = async <T>(response: Response) =>
    [response.status, (await response.json()) as { data: T; error?: string }] as const;
  const visit = (slug: string) =>
    t.request<PublicUploadRequest>('GET', `/api/public/upload-requests/${slug}`);
  const counters = async (id: string) => {
    const { files_received, bytes_received } = await ok<UploadRequest>(
      t.request('GET', `/api/admin/upload-requests/${id}`, undefined, admin),
    );
    return { files_received, bytes_received };
  };
  const names = async () =>
    (
      await ok<{ items: { name: string }[] }>(
        t.request('GET', '/api/admin/fs/list?path=%2Fdocs%2Finbox', undefined, admin),
      )
    ).items.map((item) => item.name);

  beforeEach(async () => {
    ({ admin } = await adminWithInbox(t));
  });

  /** A request whose only file is on its way: its first part stored, the page then reloaded. */
  async function halfSent(limits: Record<string, unknown>, bytes: Buffer, fingerprint: string) {
    const created = await ok<UploadRequest>(
      t.request('POST', '/api/admin/upload-requests', { path: '/docs/inbox', ...limits }, admin),
      201,
    );
    const [status, started] = await answer<RequestMultipartInit>(
      await call(created.slug, 'init', { filename: 'talk.mp4', size: bytes.length, fingerprint }),
    );
    expect(status).toBe(200);
    const first = started.data.parts[0] as RequestMultipartInit['parts'][number];
    const stored = await putPart(first.url, bytes.subarray(0, first.length));
    expect(stored.status).toBe(200);
    const etag = ((await stored.json()) as { data: { etag: string } }).data.etag;
    return { created, started: started.data, stored: { partNumber: 1, etag } };
  }

  it.each([
    ['files', { max_files: 1 }],
    ['bytes', { max_total_size: 11 * MIB + 5 }],
  ] as const)(
    'is resumed by the same file when it holds the last of the %s, and no other file gets in',
    async (_, limits) => {
      const bytes = randomBytes(11 * MIB + 5);
      const fingerprint = 'last-slot-fingerprint-000001';
      const { created, started, stored } = await halfSent(limits, bytes, fingerprint);
      const held = { files_received: 1, bytes_received: bytes.length };
      expect(await counters(created.id)).toEqual(held);

      // The page reloads: the request is not full, a file is still arriving.
      const visited = await visit(created.slug);
      expect(visited.status).toBe(200);
      expect(visited.body.data).toMatchObject({
        files_in_progress: 1,
        bytes_in_progress: bytes.length,
      });
      if ('max_files' in limits) expect(visited.body.data.remaining_files).toBe(0);
      else expect(visited.body.data.remaining_bytes).toBe(0);

      // Another file finds no room, in parts or in a form; nothing is held for it.
      const [otherStatus, other] = await answer(
        await call(created.slug, 'init', {
          filename: 'other.mp4',
          size: bytes.length,
          fingerprint: 'last-slot-fingerprint-000002',
        }),
      );
      expect([otherStatus, other.error]).toEqual(
        'max_files' in limits
          ? [410, 'upload_request.full']
          : [413, 'upload_request.total_exceeded'],
      );
      const form = await t.server.app.request(`/api/public/upload-requests/${created.slug}/files`, {
        method: 'POST',
        body: uploadForm(Buffer.from('hello'), 'note.txt'),
      });
      const formError = ((await form.json()) as { error: string }).error;
      expect([form.status, formError]).toEqual(
        'max_files' in limits
          ? [410, 'upload_request.full']
          : [413, 'upload_request.total_exceeded'],
      );
      expect(await counters(created.id)).toEqual(held);
      expect(await names()).toEqual([]);

      // The same file, chosen again, goes on from its stored part under the claim it holds.
      const [status, resumed] = await answer<RequestMultipartInit>(
        await call(created.slug, 'init', { filename: 'talk.mp4', size: bytes.length, fingerprint }),
      );
      expect(status).toBe(200);
      expect(resumed.data).toMatchObject({ upload: started.upload, name: 'talk.mp4' });
      expect(resumed.data.uploaded.map((part) => part.partNumber)).toEqual([1]);
      const parts = [stored];
      for (const part of resumed.data.parts.slice(1)) {
        const start = (part.partNumber - 1) * resumed.data.partSize;
        const sent = await putPart(part.url, bytes.subarray(start, start + part.length));
        parts.push({
          partNumber: part.partNumber,
          ...((await sent.json()) as { data: { etag: string } }).data,
        });
      }
      const done = await call(created.slug, 'complete', { upload: started.upload, parts });
      expect(done.status).toBe(200);
      expect(await counters(created.id)).toEqual(held);
      expect(await names()).toEqual(['talk.mp4']);

      // Now it is full.
      const after = await visit(created.slug);
      expect([after.status, (after.body as { error?: string }).error]).toEqual([
        410,
        'upload_request.full',
      ]);
    },
  );

  it('still answers full for a request whose every file has arrived', async () => {
    const created = await ok<UploadRequest>(
      t.request('POST', '/api/admin/upload-requests', { path: '/docs/inbox', max_files: 1 }, admin),
      201,
    );
    const form = await t.server.app.request(`/api/public/upload-requests/${created.slug}/files`, {
      method: 'POST',
      body: uploadForm(Buffer.from('hello'), 'note.txt'),
    });
    expect(form.status).toBe(201);
    const visited = await visit(created.slug);
    expect([visited.status, (visited.body as { error?: string }).error]).toEqual([
      410,
      'upload_request.full',
    ]);
  });

  it('counts a last file sent without a fingerprint as using the request up: none can resume it', async () => {
    const created = await ok<UploadRequest>(
      t.request('POST', '/api/admin/upload-requests', { path: '/docs/inbox', max_files: 1 }, admin),
      201,
    );
    const [status] = await answer(
      await call(created.slug, 'init', { filename: 'a.bin', size: 6 * MIB }),
    );
    expect(status).toBe(200);
    const visited = await visit(created.slug);
    expect([visited.status, (visited.body as { error?: string }).error]).toEqual([
      410,
      'upload_request.full',
    ]);
  });

  it('tells a visitor of a request with room how many files are still arriving', async () => {
    const bytes = randomBytes(6 * MIB);
    const { created } = await halfSent({ max_files: 3 }, bytes, 'room-left-fingerprint-000001');
    const visited = await visit(created.slug);
    expect(visited.body.data).toMatchObject({
      remaining_files: 2,
      files_in_progress: 1,
      bytes_in_progress: bytes.length,
    });
  });
});
