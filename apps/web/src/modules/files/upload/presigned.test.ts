import { ERROR_CODES, MULTIPART_CHUNK_SIZE } from '@sharebin/shared';
import { describe, expect, it, vi } from 'vitest';
import { setApiKeySession } from '../../auth';
import {
  apiCalls,
  callsTo,
  FakeXHR,
  failWith,
  fakeShare,
  flush,
  hooksFor,
  installBrowserFakes,
  outcomeOf,
  routes,
  serve,
} from './browser-fakes.test-support';
import { createCancelSource } from './cancel-token';
import { uploadFile } from './file-upload';
import { presignedUpload } from './presigned';
import { chooseUploadMethod } from './upload.types';

const SHARE = fakeShare({ id: 'file-9', slug: 'xyz789', filename: 'notes.txt' });

function presignServer(route: 's3' | 'url' = 's3', fileId = 'file-9') {
  serve({
    [`POST /${route}/presign`]: () => ({
      file_id: fileId,
      upload_url: 'https://s3.test/bucket/notes.txt?X-Amz-Signature=sig',
      upload_headers: { 'Content-Type': 'text/plain', 'Content-Length': '11' },
      storage_path: 'files/notes.txt',
      s3_url: 'https://s3.test/bucket/notes.txt',
      slug: 'xyz789',
      provider_type: 's3',
      contentType: 'text/plain',
    }),
    [`POST /${route}/commit`]: () => SHARE,
    [`DELETE /admin/files/${encodeURIComponent(fileId)}?uploading_only=1`]: () => null,
    [`DELETE /user/files/${encodeURIComponent(fileId)}?uploading_only=1`]: () => null,
    'POST /url/cancel': () => null,
  });
}

const OPTIONS = { path: '/', remark: '', expires_in: 'never' as const, max_views: 0 };
const textFile = () => new File(['hello world'], 'notes.txt', { type: 'text/plain' });

function upload(hooks: ReturnType<typeof hooksFor>['hooks'], route: 's3' | 'url' = 's3') {
  const body = new Blob(['hello world'], { type: 'text/plain' });
  return presignedUpload({
    route,
    body,
    request: { ...OPTIONS, filename: 'notes.txt', mimetype: 'text/plain', size: body.size },
    hooks,
  });
}

/** Lets the upload reach its PUT and returns that request. */
async function thePut(): Promise<FakeXHR> {
  await flush();
  const xhr = FakeXHR.instances[0];
  if (!xhr || FakeXHR.instances.length !== 1) throw new Error('expected exactly one PUT');
  return xhr;
}

const DELETES = () => apiCalls.filter((call) => call.method === 'DELETE');

installBrowserFakes({ admin: true });

// ---- tests -------------------------------------------------------------------------------

describe('choosing the upload method', () => {
  it('sends files up to two 5 MiB chunks in one PUT, larger ones in parts', () => {
    expect(chooseUploadMethod(0)).toBe('presigned');
    expect(chooseUploadMethod(2 * MULTIPART_CHUNK_SIZE)).toBe('presigned');
    expect(chooseUploadMethod(2 * MULTIPART_CHUNK_SIZE + 1)).toBe('multipart');
  });
});

describe('presigned upload of a file', () => {
  it('presigns, PUTs the bytes with the signed headers, then commits', async () => {
    presignServer();
    const { hooks, stages, progress } = hooksFor();
    const onMethod = vi.fn();
    const file = textFile();
    const result = uploadFile({
      file,
      options: { ...OPTIONS, slug: 'mine', s3_config_id: 'cfg-1' },
      hooks: { ...hooks, onMethod },
    });
    const xhr = await thePut();
    expect(onMethod).toHaveBeenCalledWith('presigned');
    expect(xhr.method).toBe('PUT');
    expect(xhr.url).toBe('https://s3.test/bucket/notes.txt?X-Amz-Signature=sig');
    expect(xhr.requestHeaders).toEqual({ 'Content-Type': 'text/plain' });
    expect(xhr.body).toBe(file);
    expect(callsTo('/s3/commit')).toHaveLength(0); // not before the bytes are stored
    xhr.progress(5);
    xhr.respond(200, { ETag: '"e"' });

    await expect(result).resolves.toEqual(SHARE);
    expect(apiCalls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /s3/presign',
      'POST /s3/commit',
    ]);
    expect(callsTo('/s3/presign')[0]?.body).toEqual({
      ...OPTIONS,
      slug: 'mine',
      s3_config_id: 'cfg-1',
      filename: 'notes.txt',
      mimetype: 'text/plain',
      size: 11,
    });
    expect(callsTo('/s3/commit')[0]?.body).toEqual({ file_id: 'file-9' });
    expect(stages).toEqual(['initializing', 'uploading', 'completing', 'completed']);
    expect(progress).toEqual([
      [0, 11],
      [5, 11],
      [11, 11],
    ]);
  });

  it.each([301, 304, 403, 500])(
    'fails on HTTP %i, deletes the record through the admin route for the admin',
    async (status) => {
      presignServer();
      const { hooks } = hooksFor();
      const result = outcomeOf(upload(hooks));
      (await thePut()).respond(status);
      const outcome = await result;
      expect(outcome.message).toBe(`Upload failed: HTTP ${status}`);
      expect(DELETES()).toEqual([
        {
          method: 'DELETE',
          path: '/admin/files/file-9?uploading_only=1',
          body: undefined,
          authorization: 'Bearer admin-token',
        },
      ]);
      expect(callsTo('/s3/commit')).toHaveLength(0);
    },
  );

  it('deletes the record through the user route for an API key', async () => {
    setApiKeySession(
      'key-123',
      { text: false, file: true, mount: false },
      { id: 'k1', name: 'uploader', basic_path: '/' },
    );
    presignServer();
    const { hooks } = hooksFor();
    const result = outcomeOf(upload(hooks));
    (await thePut()).respond(403);
    const outcome = await result;
    expect(outcome.message).toBe('Upload failed: HTTP 403');
    expect(DELETES()).toEqual([
      {
        method: 'DELETE',
        path: '/user/files/file-9?uploading_only=1',
        body: undefined,
        authorization: 'ApiKey key-123',
      },
    ]);
    expect(callsTo('/s3/presign')[0]?.authorization).toBe('ApiKey key-123');
  });

  it('escapes the file id in the delete route', async () => {
    presignServer('s3', 'a/b c');
    const { hooks } = hooksFor();
    const result = outcomeOf(upload(hooks));
    (await thePut()).respond(500);
    await result;
    expect(DELETES().map((call) => call.path)).toEqual(['/admin/files/a%2Fb%20c?uploading_only=1']);
  });

  it('names a network failure of the PUT and deletes the record', async () => {
    presignServer();
    const { hooks } = hooksFor();
    const result = outcomeOf(upload(hooks));
    (await thePut()).failNetwork();
    const outcome = await result;
    expect(outcome.message).toBe('Network error');
    expect(outcome.ok ? null : outcome.error.cancelled).toBe(false);
    expect(DELETES()).toHaveLength(1);
  });

  it('deletes the record when the commit fails', async () => {
    presignServer();
    routes['POST /s3/commit'] = () => failWith(500, 'object missing');
    const { hooks } = hooksFor();
    const result = outcomeOf(upload(hooks));
    (await thePut()).respond(200);
    const outcome = await result;
    expect(outcome.message).toBe('Could not finish the upload: object missing');
    expect(DELETES().map((call) => call.path)).toEqual(['/admin/files/file-9?uploading_only=1']);
  });

  it('adds a failed delete to the message, but not a delete of a record already gone', async () => {
    presignServer();
    routes['DELETE /admin/files/file-9?uploading_only=1'] = () => failWith(500, 'db locked');
    const first = outcomeOf(upload(hooksFor().hooks));
    (await thePut()).respond(500);
    expect((await first).message).toBe(
      'Upload failed: HTTP 500 · The unfinished share could not be removed: db locked',
    );

    routes['DELETE /admin/files/file-9?uploading_only=1'] = () =>
      failWith(404, 'gone', 'file.not_found');
    FakeXHR.instances = [];
    const second = outcomeOf(upload(hooksFor().hooks));
    (await thePut()).respond(500);
    expect((await second).message).toBe('Upload failed: HTTP 500');

    // The commit went through and only its answer was lost: the server keeps the share.
    routes['DELETE /admin/files/file-9?uploading_only=1'] = () =>
      failWith(409, 'committed', ERROR_CODES.fileAlreadyLive);
    FakeXHR.instances = [];
    const third = outcomeOf(upload(hooksFor().hooks));
    (await thePut()).respond(500);
    expect((await third).message).toBe('Upload failed: HTTP 500');
  });

  it('makes no PUT and deletes nothing when the presign is refused', async () => {
    presignServer();
    routes['POST /s3/presign'] = () => failWith(500, 'no bucket');
    const outcome = await outcomeOf(upload(hooksFor().hooks));
    expect(outcome.message).toBe('Could not prepare the upload: no bucket');
    expect(FakeXHR.instances).toHaveLength(0);
    expect(apiCalls.map((call) => call.path)).toEqual(['/s3/presign']);
  });

  it.each([
    [ERROR_CODES.fileSlugTaken, 409, undefined, 'Link suffix already taken, try another'],
    [
      ERROR_CODES.storageNotAllowed,
      403,
      undefined,
      'No permission to use this storage configuration',
    ],
    [
      ERROR_CODES.fileTooLarge,
      413,
      { limitBytes: 1024 },
      'The file is larger than the upload limit of 1 KB',
    ],
    [ERROR_CODES.fileTooLarge, 413, undefined, 'The file is larger than the server accepts'],
  ])('words the refusal %s in its own terms', async (code, status, details, message) => {
    presignServer();
    routes['POST /s3/presign'] = () => failWith(status, 'server words', code, details);
    const outcome = await outcomeOf(upload(hooksFor().hooks));
    expect(outcome.message).toBe(message);
  });

  it('a cancel during the PUT stops it within 100 ms, deletes the record, never commits', async () => {
    presignServer();
    const { hooks, cancel } = hooksFor();
    const result = outcomeOf(upload(hooks));
    const xhr = await thePut();
    cancel.cancel();
    await vi.advanceTimersByTimeAsync(99);
    expect(xhr.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(xhr.aborted).toBe(true);
    const outcome = await result;
    expect(outcome.message).toBe('Upload cancelled');
    expect(outcome.ok ? null : outcome.error.cancelled).toBe(true);
    expect(DELETES().map((call) => call.path)).toEqual(['/admin/files/file-9?uploading_only=1']);
    expect(callsTo('/s3/commit')).toHaveLength(0);
  });

  it('a cancel once the bytes are stored still deletes the record instead of committing', async () => {
    presignServer();
    const { hooks, cancel } = hooksFor();
    const result = outcomeOf(upload(hooks));
    const xhr = await thePut();
    cancel.cancel();
    xhr.respond(200); // the PUT ends before the next poll
    const outcome = await result;
    expect(outcome.message).toBe('Upload cancelled');
    expect(callsTo('/s3/commit')).toHaveLength(0);
    expect(DELETES()).toHaveLength(1);
  });

  it('a cancel before the start makes no call at all', async () => {
    presignServer();
    const source = createCancelSource();
    source.cancel();
    const outcome = await outcomeOf(upload(hooksFor(source).hooks));
    expect(outcome.message).toBe('Upload cancelled');
    expect(apiCalls).toHaveLength(0);
  });
});

describe('presigned upload of a URL upload', () => {
  it('uses the /url calls and releases the share through url/cancel, not a delete', async () => {
    presignServer('url');
    const result = outcomeOf(upload(hooksFor().hooks, 'url'));
    (await thePut()).respond(502);
    const outcome = await result;
    expect(outcome.message).toBe('Upload failed: HTTP 502');
    expect(apiCalls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /url/presign',
      'POST /url/cancel',
    ]);
    expect(callsTo('/url/cancel')[0]?.body).toEqual({ file_id: 'file-9' });
  });

  it('says when url/cancel failed too', async () => {
    presignServer('url');
    routes['POST /url/cancel'] = () => failWith(500, 'busy');
    const result = outcomeOf(upload(hooksFor().hooks, 'url'));
    (await thePut()).respond(500);
    expect((await result).message).toBe('Upload failed: HTTP 500 · Cancel URL upload failed: busy');
  });
});
