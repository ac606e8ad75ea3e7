import { randomBytes } from 'node:crypto';
import type {
  FsBatchResult,
  FsListing,
  FsMultipartInitResponse,
  FsMultipartUploads,
  FsPresignResponse,
  FsUploaded,
  Mount,
  StorageConfig,
} from '@sharebin/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  adminWithDocsMount,
  ENGINE_DRIVER_CASES,
  fsKeyWith,
  ok,
  useS3rver,
} from '../../../test/fs-kit';
import { type RequestOptions, useTestServer } from '../../../test/harness';

const MIB = 1024 * 1024;

const s3rver = useS3rver();

describe.each(ENGINE_DRIVER_CASES)(
  'file-system uploads on %s, %s storage',
  (engine, driverKind) => {
    const t = useTestServer(engine);
    let admin: RequestOptions;
    let storage: StorageConfig;
    let docs: Mount;

    const post = <T = unknown>(call: string, body: unknown, options = admin, prefix = 'admin') =>
      t.request<T>('POST', `/api/${prefix}/fs/${call}`, body, options);
    const authHeaders = (options: RequestOptions): Record<string, string> =>
      options.token
        ? { authorization: `Bearer ${options.token}` }
        : { authorization: `ApiKey ${options.apiKey}` };

    /** PUTs or POSTs bytes to a URL from the API: s3rver itself, or this server's own routes. */
    async function send(
      method: 'PUT' | 'POST',
      url: string,
      bytes: Buffer,
      headers: Record<string, string> = {},
    ): Promise<{ status: number; etag: string | null; body: string }> {
      if (url.startsWith(s3rver().endpoint)) {
        const { 'content-length': _length, ...rest } = headers;
        const response = await fetch(url, { method, body: new Uint8Array(bytes), headers: rest });
        return {
          status: response.status,
          etag: response.headers.get('etag'),
          body: await response.text(),
        };
      }
      const target = url.startsWith('http') ? url.slice(new URL(url).origin.length) : url;
      const response = await t.server.app.request(target, {
        method,
        body: new Uint8Array(bytes),
        headers: { 'content-length': String(bytes.length), ...headers },
      });
      const body = await response.text();
      const etag = response.headers.get('etag') ?? (body ? JSON.parse(body).data?.etag : null);
      return { status: response.status, etag, body };
    }
    const downloaded = async (path: string) => {
      const response = await t.server.app.request(
        `/api/admin/fs/download?path=${encodeURIComponent(path)}`,
        { headers: authHeaders(admin) },
      );
      return Buffer.from(await response.arrayBuffer());
    };
    const names = async (path: string) =>
      (
        await ok(t.request<FsListing>('GET', `/api/admin/fs/list?path=${path}`, undefined, admin))
      ).items.map((item) => item.name);
    const driver = () => t.server.drivers.forConfig(storage.id);
    const pendingUploads = async () => (await driver()).listMultipartUploads();
    const keyWith = (fields: Record<string, unknown>) => fsKeyWith(t, admin, fields);

    /** Sends every part of `init` as the browser does; answers the parts to complete with. */
    async function sendParts(init: FsMultipartInitResponse, bytes: Buffer, options = admin) {
      return Promise.all(
        init.parts.map(async (part) => {
          const start = (part.partNumber - 1) * init.partSize;
          const sent = await send(
            init.direct ? 'PUT' : 'POST',
            part.url,
            bytes.subarray(start, start + part.length),
            init.direct ? {} : authHeaders(options),
          );
          if (sent.status !== 200 || !sent.etag)
            throw new Error(`part: ${sent.status} ${sent.body}`);
          return { partNumber: part.partNumber, etag: sent.etag };
        }),
      );
    }
    const init = (path: string, fileSize: number, options = admin, prefix = 'admin') =>
      post<FsMultipartInitResponse>(
        'multipart/init',
        { path, filename: 'big.bin', contentType: 'application/octet-stream', fileSize },
        options,
        prefix,
      );

    beforeEach(async () => {
      ({ admin, storage, docs } = await adminWithDocsMount(t, driverKind, s3rver));
    });

    it('uploads a file in parts and serves the same bytes', async () => {
      const bytes = randomBytes(12 * MIB + 123);
      const started = await ok(init('/docs/in', bytes.length));
      expect(started).toMatchObject({
        path: '/docs/in/big.bin',
        partSize: 5 * MIB,
        partCount: 3,
        direct: driverKind === 's3',
      });
      expect(started.parts.map((part) => part.length)).toEqual([5 * MIB, 5 * MIB, 2 * MIB + 123]);
      const parts = await sendParts(started, bytes);
      const done = await ok<FsUploaded>(
        post('multipart/complete', {
          path: started.path,
          uploadId: started.uploadId,
          key: started.key,
          parts,
          fileSize: bytes.length,
        }),
      );
      expect(done).toMatchObject({ path: '/docs/in/big.bin', size: bytes.length });
      expect((await downloaded('/docs/in/big.bin')).equals(bytes)).toBe(true);
      expect(await pendingUploads()).toEqual([]);
    });

    it('uploads through a presigned PUT and commits it', async () => {
      const bytes = randomBytes(3000);
      const signed = await ok<FsPresignResponse>(
        post('presign', { path: '/docs', fileName: 'p.bin', fileSize: bytes.length }),
      );
      expect(signed).toMatchObject({ path: '/docs/p.bin', direct: driverKind === 's3' });
      const put = await send('PUT', signed.url, bytes, signed.headers);
      expect(put.status).toBe(200);
      const committed = await ok<FsUploaded>(
        post('presign/commit', { path: '/docs', fileName: 'p.bin', fileSize: bytes.length }),
      );
      expect(committed).toMatchObject({ path: '/docs/p.bin', size: bytes.length });
      expect((await downloaded('/docs/p.bin')).equals(bytes)).toBe(true);

      const wrongSize = await post('presign/commit', {
        path: '/docs',
        fileName: 'p.bin',
        fileSize: bytes.length + 1,
      });
      expect([wrongSize.status, wrongSize.body.error]).toEqual([409, 'fs.size_mismatch']);
      const wrongEtag = await post('presign/commit', {
        path: '/docs',
        fileName: 'p.bin',
        fileSize: bytes.length,
        etag: '"not-the-etag"',
      });
      expect([wrongEtag.status, wrongEtag.body.error]).toEqual([409, 'fs.etag_mismatch']);
      const missing = await post('presign/commit', {
        path: '/docs',
        fileName: 'never-sent.bin',
        fileSize: 10,
      });
      expect([missing.status, missing.body.error]).toEqual([404, 'fs.upload_missing']);
      expect(await names('/docs')).toEqual(['p.bin']);
    });

    it('refuses a PUT longer than the size signed into the URL, or its commit', async () => {
      const signed = await ok<FsPresignResponse>(
        post('presign', { path: '/docs', fileName: 'short.bin', fileSize: 10 }),
      );
      const put = await send('PUT', signed.url, randomBytes(20), {
        ...signed.headers,
        'content-length': '20',
      });
      if (driverKind === 'local') {
        // Our signed-URL route holds the PUT to the signed length: nothing is stored.
        expect(put.status).toBe(403);
        expect(await names('/docs')).toEqual([]);
      } else {
        // Real S3 refuses it by the signature; s3rver checks no signatures, so the commit must.
        const commit = await post('presign/commit', {
          path: '/docs',
          fileName: 'short.bin',
          fileSize: 10,
        });
        expect([commit.status, commit.body.error]).toEqual([409, 'fs.size_mismatch']);
      }
    });

    describe('resumable uploads', () => {
      const fingerprint = 'file-fingerprint-0123456789abcdef';
      const resumableInit = (fileSize: number, options = admin, print = fingerprint) =>
        post<FsMultipartInitResponse>(
          'multipart/init',
          { path: '/docs/in', filename: 'big.bin', fileSize, fingerprint: print },
          options,
          options === admin ? 'admin' : 'user',
        );
      const sessions = async (options = admin, prefix = 'admin') =>
        (
          await ok(
            t.request<FsMultipartUploads>(
              'GET',
              `/api/${prefix}/fs/multipart/uploads?path=/docs/in`,
              undefined,
              options,
            ),
          )
        ).uploads;

      it('resumes the same file from the parts already stored, sending only the rest', async () => {
        const bytes = randomBytes(12 * MIB + 7);
        const first = await ok(resumableInit(bytes.length));
        expect(first.uploaded).toEqual([]);
        const [sent] = await sendParts({ ...first, parts: first.parts.slice(0, 1) }, bytes);

        // The page reloads: the same file is chosen again.
        const again = await ok(resumableInit(bytes.length));
        expect(again.uploadId).toBe(first.uploadId);
        expect(again.uploaded).toEqual([
          { partNumber: 1, etag: sent?.etag.replace(/"/g, ''), size: 5 * MIB },
        ]);
        const listed = await sessions();
        expect(listed).toMatchObject([
          {
            path: '/docs/in/big.bin',
            uploadId: first.uploadId,
            fileSize: bytes.length,
            fingerprint,
            partSize: 5 * MIB,
            partCount: 3,
            parts: [{ partNumber: 1, size: 5 * MIB }],
          },
        ]);
        expect(listed[0]?.expiresAt).toBe((listed[0]?.lastActivityAt ?? 0) + 24 * 3_600_000);

        const rest = await sendParts({ ...again, parts: again.parts.slice(1) }, bytes);
        const done = await ok<FsUploaded>(
          post('multipart/complete', {
            path: again.path,
            uploadId: again.uploadId,
            key: again.key,
            parts: [...again.uploaded, ...rest].map(({ partNumber, etag }) => ({
              partNumber,
              etag,
            })),
            fileSize: bytes.length,
          }),
        );
        expect(done.size).toBe(bytes.length);
        expect((await downloaded('/docs/in/big.bin')).equals(bytes)).toBe(true);
        expect(await sessions()).toEqual([]);
        expect(await pendingUploads()).toEqual([]);
      });

      it('starts afresh for another file, size or caller, and without a fingerprint', async () => {
        const size = 6 * MIB;
        const mine = await ok(resumableInit(size));
        const otherPrint = await ok(resumableInit(size, admin, 'another-file-fingerprint-00'));
        const otherSize = await ok(resumableInit(size + 1));
        const unprinted = await ok(init('/docs/in', size));
        const key = await keyWith({});
        const keys = await ok(resumableInit(size, key));
        const ids = [mine, otherPrint, otherSize, unprinted, keys].map((up) => up.uploadId);
        expect(new Set(ids).size).toBe(5);
        // An admin sees every resumable upload; a key only its own; unprinted ones are not listed.
        expect((await sessions()).map((up) => up.uploadId).sort()).toEqual(
          [mine, otherPrint, otherSize, keys].map((up) => up.uploadId).sort(),
        );
        expect((await sessions(key, 'user')).map((up) => up.uploadId)).toEqual([keys.uploadId]);
        expect((await ok(resumableInit(size, key))).uploadId).toBe(keys.uploadId);
      });

      it('starts afresh when the storage lost the upload, and drops that session', async () => {
        const first = await ok(resumableInit(6 * MIB));
        await (await driver()).abortMultipart('in/big.bin', first.uploadId);
        const again = await ok(resumableInit(6 * MIB));
        expect(again.uploadId).not.toBe(first.uploadId);
        expect(again.uploaded).toEqual([]);
        expect((await sessions()).map((up) => up.uploadId)).toEqual([again.uploadId]);
      });

      it('refuses a malformed fingerprint with nothing started', async () => {
        for (const print of [
          'short',
          'has spaces in it here',
          'x'.repeat(129),
          '../../etc/passwd!!',
        ]) {
          const refused = await resumableInit(6 * MIB, admin, print);
          expect([print, refused.status, refused.body.error]).toEqual([
            print,
            400,
            'validation.failed',
          ]);
        }
        expect(await pendingUploads()).toEqual([]);
        expect(await sessions()).toEqual([]);
      });
    });

    it('aborts an upload (idempotently) and leaves no multipart upload behind', async () => {
      const bytes = randomBytes(6 * MIB);
      const started = await ok(init('/docs', bytes.length));
      await sendParts({ ...started, parts: started.parts.slice(0, 1) }, bytes);
      const ref = { path: started.path, uploadId: started.uploadId, key: started.key };
      await ok(post('multipart/abort', ref));
      expect(await pendingUploads()).toEqual([]);
      await ok(post('multipart/abort', ref));
      expect(await names('/docs')).toEqual([]);
    });

    it('refuses to complete a file whose parts do not make its size, and drops the upload', async () => {
      const bytes = randomBytes(6 * MIB);
      const started = await ok(init('/docs', bytes.length));
      const parts = await sendParts({ ...started, parts: started.parts.slice(0, 1) }, bytes);
      const ref = { path: started.path, uploadId: started.uploadId, key: started.key };
      const incomplete = await post('multipart/complete', {
        ...ref,
        parts,
        fileSize: bytes.length,
      });
      expect([incomplete.status, incomplete.body.error]).toEqual([409, 'fs.size_mismatch']);
      const lied = await post('multipart/complete', { ...ref, parts, fileSize: 5 * MIB });
      expect([lied.status, lied.body.error]).toEqual([409, 'fs.size_mismatch']);
      expect(await pendingUploads()).toEqual([]);
      expect(await names('/docs')).toEqual([]);
    });

    it('refuses a forged or borrowed key on every call, with nothing written', async () => {
      const bytes = randomBytes(1000);
      const started = await ok(init('/docs', bytes.length));
      const other = await ok(init('/docs/other', bytes.length));
      const [size, token] = [
        started.key.slice(0, started.key.indexOf('.')),
        started.key.slice(started.key.indexOf('.') + 1),
      ];
      const forgedKeys = [
        other.key, // signed for another path and upload
        `${(Number.parseInt(size, 36) + 1).toString(36)}.${token}`, // a size it was not signed for
        `${size}.${token.slice(0, -2)}xx`, // a signature changed
        started.uploadId, // the bare storage key or upload id
      ];
      for (const key of forgedKeys) {
        const ref = { path: started.path, uploadId: started.uploadId, key };
        const part = await send(
          'POST',
          `/api/admin/fs/multipart/part?${new URLSearchParams({ ...ref, partNumber: '1' })}`,
          bytes,
          authHeaders(admin),
        );
        expect([part.status, JSON.parse(part.body).error]).toEqual([403, 'fs.upload_key_invalid']);
        const complete = await post('multipart/complete', {
          ...ref,
          parts: [{ partNumber: 1, etag: 'x' }],
          fileSize: bytes.length,
        });
        expect(complete.body.error).toBe('fs.upload_key_invalid');
        expect((await post('multipart/abort', ref)).body.error).toBe('fs.upload_key_invalid');
      }
      // The other upload's key does not follow its upload to this path either.
      const moved = await post('multipart/abort', {
        path: started.path,
        uploadId: other.uploadId,
        key: other.key,
      });
      expect(moved.body.error).toBe('fs.upload_key_invalid');
      expect((await pendingUploads()).map((upload) => upload.uploadId).sort()).toEqual(
        [started.uploadId, other.uploadId].sort(),
      );
      expect(await names('/docs')).toEqual([]);
    });

    it('refuses parts of the wrong length or past the last one on the proxy route', async () => {
      const bytes = randomBytes(6 * MIB);
      const started = await ok(init('/docs', bytes.length));
      const partUrl = (partNumber: number) =>
        `/api/admin/fs/multipart/part?${new URLSearchParams({
          path: started.path,
          uploadId: started.uploadId,
          key: started.key,
          partNumber: String(partNumber),
        })}`;
      const short = await send('POST', partUrl(1), bytes.subarray(0, MIB), authHeaders(admin));
      expect([short.status, JSON.parse(short.body).error]).toEqual([
        400,
        'fs.part_length_mismatch',
      ]);
      const beyond = await send('POST', partUrl(3), bytes.subarray(0, MIB), authHeaders(admin));
      expect([beyond.status, JSON.parse(beyond.body).error]).toEqual([400, 'fs.part_out_of_range']);
      const storage = await driver();
      const file = started.path.slice('/docs/'.length);
      expect(await storage.listParts(file, started.uploadId)).toEqual([]);
    });

    it('holds a key to its base path and its read-only access on every call', async () => {
      const bytes = randomBytes(100);
      const started = await ok(init('/docs/outside', bytes.length));
      const ref = { path: started.path, uploadId: started.uploadId, key: started.key };
      const signed = await ok<FsPresignResponse>(
        post('presign', { path: '/docs/outside', fileName: 'p.bin', fileSize: bytes.length }),
      );
      await send('PUT', signed.url, bytes, signed.headers);
      const calls = (folder: string, file: string) => ({
        init: () =>
          post('multipart/init', { path: folder, filename: 'x.bin', fileSize: 10 }, key, 'user'),
        part: async () => {
          const sent = await send(
            'POST',
            `/api/user/fs/multipart/part?${new URLSearchParams({ ...ref, path: file, partNumber: '1' })}`,
            bytes,
            authHeaders(key),
          );
          return { status: sent.status, body: JSON.parse(sent.body) };
        },
        complete: () =>
          post(
            'multipart/complete',
            { ...ref, path: file, parts: [{ partNumber: 1, etag: 'x' }], fileSize: bytes.length },
            key,
            'user',
          ),
        abort: () => post('multipart/abort', { ...ref, path: file }, key, 'user'),
        uploads: () =>
          t.request('GET', `/api/user/fs/multipart/uploads?path=${folder}`, undefined, key),
        presign: () =>
          post('presign', { path: folder, fileName: 'p.bin', fileSize: 10 }, key, 'user'),
        commit: () =>
          post(
            'presign/commit',
            { path: folder, fileName: 'p.bin', fileSize: bytes.length },
            key,
            'user',
          ),
        copyCommit: async () => {
          const result = await post<FsBatchResult>(
            'batch-copy-commit',
            {
              targetMountId: docs.id,
              files: [{ targetPath: `${folder}/p.bin`, s3Path: 'outside/p.bin', fileSize: 100 }],
            },
            key,
            'user',
          );
          return { status: 403, body: { error: result.body.data.failed[0]?.error } };
        },
      });
      let key = await keyWith({ basic_path: '/docs/mine' });
      for (const [name, call] of Object.entries(calls('/docs/outside', ref.path))) {
        const refused = await call();
        expect([name, refused.status, refused.body.error]).toEqual([
          name,
          403,
          'fs.path_forbidden',
        ]);
      }
      key = await keyWith({ mount_read_only: true });
      for (const [name, call] of Object.entries(calls('/docs/outside', ref.path))) {
        const refused = await call();
        expect([name, refused.status, refused.body.error]).toEqual([name, 403, 'fs.read_only']);
      }
      // Still there, untouched: the upload, its parts (none) and the one committed file.
      expect((await pendingUploads()).map((upload) => upload.uploadId)).toEqual([started.uploadId]);
      expect(await names('/docs/outside')).toEqual(['p.bin']);
    });

    it('takes a file name, never a path that could climb out of the checked folder', async () => {
      const key = await keyWith({ basic_path: '/docs/mine' });
      for (const name of ['../escape.bin', 'a/b.bin', '..']) {
        const multipart = await post(
          'multipart/init',
          { path: '/docs/mine', filename: name, fileSize: 10 },
          key,
          'user',
        );
        const presign = await post(
          'presign',
          { path: '/docs/mine', fileName: name, fileSize: 10 },
          key,
          'user',
        );
        for (const refused of [multipart, presign]) {
          expect([refused.status, refused.body.error]).toEqual([400, 'validation.failed']);
        }
      }
      expect(await pendingUploads()).toEqual([]);
      expect(await names('/docs')).toEqual([]);
    });

    it('refuses uploads above the system upload limit before any byte goes', async () => {
      await t.limitUploads(admin, 1, 'MB');
      const tooBig = await init('/docs', MIB + 1);
      expect([tooBig.status, tooBig.body.error]).toEqual([413, 'file.too_large']);
      const presign = await post('presign', {
        path: '/docs',
        fileName: 'p.bin',
        fileSize: MIB + 1,
      });
      expect([presign.status, presign.body.error]).toEqual([413, 'file.too_large']);
      expect(await pendingUploads()).toEqual([]);
    });

    it('commits a client-side copy file by file, checking each upload', async () => {
      const bytes = randomBytes(500);
      const signed = await ok<FsPresignResponse>(
        post('presign', { path: '/docs/copy', fileName: 'a.bin', fileSize: bytes.length }),
      );
      await send('PUT', signed.url, bytes, signed.headers);
      const file = (fields: Record<string, unknown>) => ({
        targetPath: '/docs/copy/a.bin',
        s3Path: 'copy/a.bin',
        contentType: 'application/octet-stream',
        fileSize: bytes.length,
        ...fields,
      });
      const result = await ok<FsBatchResult>(
        post('batch-copy-commit', {
          targetMountId: docs.id,
          files: [
            file({}),
            file({ s3Path: 'elsewhere/a.bin' }),
            file({ fileSize: 499 }),
            file({ targetPath: '/docs/copy/missing.bin', s3Path: 'copy/missing.bin' }),
          ],
        }),
      );
      expect(result.success).toBe(1);
      expect(result.failed.map((failure) => failure.error)).toEqual([
        'fs.storage_key_mismatch',
        'fs.size_mismatch',
        'fs.upload_missing',
      ]);
      const wrongMount = await ok<FsBatchResult>(
        post('batch-copy-commit', { targetMountId: 'not-docs', files: [file({})] }),
      );
      expect(wrongMount.failed.map((failure) => failure.error)).toEqual(['fs.mount_mismatch']);
      expect(await names('/docs/copy')).toEqual(['a.bin']);
    });
  },
);
