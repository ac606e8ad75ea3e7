import { randomBytes } from 'node:crypto';
import type { RequestMultipartInit, UploadRequest } from '@sharebin/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { ok } from '../../test/fs-kit';
import { ENGINES, type RequestOptions, useTestServer } from '../../test/harness';
import { adminWithInbox, visitorMultipart } from '../../test/upload-request-kit';

const MIB = 1024 * 1024;

describe.each(ENGINES)('large files sent to an upload request in parts, on %s', (engine) => {
  const t = useTestServer(engine);
  let admin: RequestOptions;

  const { call, putPart } = visitorMultipart(t);
  const json = async <T>(response: Response, status = 200): Promise<T> => {
    const body = (await response.json()) as { data: T };
    expect(response.status, JSON.stringify(body)).toBe(status);
    return body.data;
  };
  const errorOf = async (response: Response, status: number) => {
    const body = (await response.json()) as { error: string };
    expect(response.status, JSON.stringify(body)).toBe(status);
    return body.error;
  };
  const request = (fields: Record<string, unknown>) =>
    ok<UploadRequest>(
      t.request('POST', '/api/admin/upload-requests', { path: '/docs/inbox', ...fields }, admin),
      201,
    );
  const counters = async (id: string) => {
    const { files_received, bytes_received } = await ok<UploadRequest>(
      t.request('GET', `/api/admin/upload-requests/${id}`, undefined, admin),
    );
    return { files_received, bytes_received };
  };
  const download = async (path: string) =>
    Buffer.from(
      await (
        await t.server.app.request(`/api/admin/fs/download?path=${encodeURIComponent(path)}`, {
          headers: { authorization: `Bearer ${admin.token}` },
        })
      ).arrayBuffer(),
    );

  beforeEach(async () => {
    ({ admin } = await adminWithInbox(t));
  });

  it('gives a claim back once when two aborts race (two tabs on one resumed file)', async () => {
    const created = await request({ max_files: 1 });
    const started = await json<RequestMultipartInit>(
      await call(created.slug, 'init', { filename: 'a.bin', size: 6 * MIB }),
    );
    expect(await counters(created.id)).toEqual({ files_received: 1, bytes_received: 6 * MIB });
    const aborts = await Promise.all(
      [1, 2, 3].map(() => call(created.slug, 'abort', { upload: started.upload })),
    );
    expect(aborts.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(await counters(created.id)).toEqual({ files_received: 0, bytes_received: 0 });
  });

  it('resumes a file from its stored parts when the visitor sends it again, under one claim', async () => {
    const created = await request({ max_files: 2 });
    const bytes = randomBytes(11 * MIB + 5);
    const fingerprint = 'visitor-file-fingerprint-000001';
    const init = () =>
      call(created.slug, 'init', { filename: 'talk.mp4', size: bytes.length, fingerprint });
    const first = await json<RequestMultipartInit>(await init());
    expect(first.uploaded).toEqual([]);
    const firstPart = first.parts[0] as RequestMultipartInit['parts'][number];
    const stored = await json<{ partNumber: number; etag: string }>(
      await putPart(firstPart.url, bytes.subarray(0, firstPart.length)),
    );

    // The page reloads: the same file again resumes, under the claim it holds.
    const again = await json<RequestMultipartInit>(await init());
    expect(again).toMatchObject({
      upload: first.upload,
      name: 'talk.mp4',
      uploaded: [{ partNumber: 1, etag: stored.etag.replace(/"/g, ''), size: 5 * MIB }],
    });
    const parts = [stored];
    for (const part of again.parts.slice(1)) {
      const start = (part.partNumber - 1) * again.partSize;
      parts.push(await json(await putPart(part.url, bytes.subarray(start, start + part.length))));
    }
    await json(await call(created.slug, 'complete', { upload: again.upload, parts }));
    expect((await download('/docs/inbox/talk.mp4')).equals(bytes)).toBe(true);
    expect(await counters(created.id)).toEqual({ files_received: 1, bytes_received: bytes.length });

    // Another file (another fingerprint) is a file of its own: the second and last one.
    const other = await json<RequestMultipartInit>(
      await call(created.slug, 'init', {
        filename: 'talk.mp4',
        size: bytes.length,
        fingerprint: 'visitor-file-fingerprint-000002',
      }),
    );
    expect([other.name, other.uploaded]).toEqual(['talk (1).mp4', []]);
    expect(await counters(created.id)).toEqual({
      files_received: 2,
      bytes_received: 2 * bytes.length,
    });
  });

  it('holds the declared size, takes each part at its length, and stores the file whole', async () => {
    const created = await request({ max_total_size: 20 * MIB });
    const bytes = randomBytes(6 * MIB + 123);
    const started = await json<RequestMultipartInit>(
      await call(created.slug, 'init', { filename: 'video.mp4', size: bytes.length }),
    );
    expect(started).toMatchObject({ name: 'video.mp4', partCount: 2 });
    // Nothing says where the folder is.
    expect(JSON.stringify(started)).not.toContain('/docs');
    expect(await counters(created.id)).toEqual({ files_received: 1, bytes_received: bytes.length });

    const parts = [];
    let offset = 0;
    for (const part of started.parts) {
      const slice = bytes.subarray(offset, offset + part.length);
      offset += part.length;
      if (part.partNumber === 1) {
        // A part of another length is refused.
        expect((await putPart(part.url, slice.subarray(1))).status).toBe(400);
      }
      parts.push(await json<{ partNumber: number; etag: string }>(await putPart(part.url, slice)));
    }
    const done = await json<{ name: string; size: number }>(
      await call(created.slug, 'complete', { upload: started.upload, parts }),
    );
    expect(done).toEqual({ name: 'video.mp4', size: bytes.length });
    expect((await download('/docs/inbox/video.mp4')).equals(bytes)).toBe(true);
    expect(await counters(created.id)).toEqual({ files_received: 1, bytes_received: bytes.length });
  });

  it('refuses a declared size over the limits, and a type not asked for, holding nothing', async () => {
    const created = await request({
      max_file_size: 8 * MIB,
      max_total_size: 10 * MIB,
      allowed_types: ['video/*'],
    });
    expect(
      await errorOf(await call(created.slug, 'init', { filename: 'a.mp4', size: 9 * MIB }), 413),
    ).toBe('upload_request.file_too_large');
    expect(
      await errorOf(await call(created.slug, 'init', { filename: 'a.txt', size: MIB }), 415),
    ).toBe('upload_request.type_not_allowed');
    await json(await call(created.slug, 'init', { filename: 'a.mp4', size: 6 * MIB }));
    expect(
      await errorOf(await call(created.slug, 'init', { filename: 'b.mp4', size: 6 * MIB }), 413),
    ).toBe('upload_request.total_exceeded');
    expect(await counters(created.id)).toEqual({ files_received: 1, bytes_received: 6 * MIB });
  });

  it('gives the hold back on abort, and when parts are missing at completion', async () => {
    const created = await request({ max_files: 1 });
    const first = await json<RequestMultipartInit>(
      await call(created.slug, 'init', { filename: 'a.bin', size: 6 * MIB }),
    );
    await json(await call(created.slug, 'abort', { upload: first.upload }));
    await json(await call(created.slug, 'abort', { upload: first.upload }));
    expect(await counters(created.id)).toEqual({ files_received: 0, bytes_received: 0 });

    const second = await json<RequestMultipartInit>(
      await call(created.slug, 'init', { filename: 'b.bin', size: 6 * MIB }),
    );
    const part = second.parts[0] as { url: string; length: number };
    const only = await json<{ partNumber: number; etag: string }>(
      await putPart(part.url, randomBytes(part.length)),
    );
    expect(
      await errorOf(
        await call(created.slug, 'complete', { upload: second.upload, parts: [only] }),
        409,
      ),
    ).toBe('fs.size_mismatch');
    expect(await counters(created.id)).toEqual({ files_received: 0, bytes_received: 0 });
    // The upload is over: its id opens nothing any more.
    expect((await putPart(part.url, randomBytes(part.length))).status).toBe(404);
    const listing = await ok<{ items: unknown[] }>(
      t.request('GET', '/api/admin/fs/list?path=%2Fdocs%2Finbox', undefined, admin),
    );
    expect(listing.items).toEqual([]);
  });
});
