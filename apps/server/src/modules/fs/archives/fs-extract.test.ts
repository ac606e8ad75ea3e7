import { gzipSync } from 'node:zlib';
import type { FsJob } from '@sharebin/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { tarOf, zipOf } from '../../../test/archive-kit';
import { expectData, fsClient } from '../../../test/fs-client';
import {
  adminWithDocsMount,
  ENGINE_DRIVER_CASES,
  fsKeyWith,
  useS3rver,
} from '../../../test/fs-kit';
import { type RequestOptions, uploadForm, useTestServer } from '../../../test/harness';
import { jobsClient, TEST_JOB_TIMINGS } from '../../../test/jobs-kit';

/** Small limits, so that a bomb of a few KiB stands for one of terabytes. */
const LIMITS = { entries: 6, bytes: 8 * 1024 * 1024, ratio: 50 };

describe.each(ENGINE_DRIVER_CASES)(
  'extracting archives on %s over %s storage',
  (engine, driverKind) => {
    const t = useTestServer(engine, { jobTimings: TEST_JOB_TIMINGS, extractLimits: LIMITS });
    const s3rver = useS3rver();
    let admin: RequestOptions;
    const fs = fsClient(
      () => t.server,
      () => admin,
    );
    const jobs = jobsClient(
      () => t.server,
      () => admin,
    );

    const put = (folder: string, name: string, bytes: Buffer, as = admin) =>
      expectData(
        t.request(
          'POST',
          `/api/${as.token ? 'admin' : 'user'}/fs/upload`,
          uploadForm(bytes, name, { path: folder }),
          as,
        ),
        201,
      );
    const extract = (body: Record<string, unknown>, as = admin) =>
      t.request<{ job_id: string }>(
        'POST',
        `/api/${as.token ? 'admin' : 'user'}/fs/extract`,
        body,
        as,
      );
    /** Extracts and runs the job to its end; answers the job. */
    async function extracted(body: Record<string, unknown>, as = admin): Promise<FsJob> {
      const { job_id } = await expectData(extract(body, as), 202);
      await t.server.jobs.worker.runAvailable();
      return expectData<FsJob>(
        t.request('GET', `/api/${as.token ? 'admin' : 'user'}/fs/jobs/${job_id}`, undefined, as),
      );
    }
    const text = async (path: string) => (await fs.bytes(path))?.toString() ?? null;

    beforeEach(async () => {
      ({ admin } = await adminWithDocsMount(t, driverKind, s3rver));
    });

    it('extracts a zip into a new folder, refusing links and names that leave it', async () => {
      const readme = 'Lorem ipsum dolor sit amet. '.repeat(300);
      await put(
        '/docs',
        'bundle.zip',
        zipOf([
          { name: 'docs/', bytes: Buffer.alloc(0) },
          { name: 'docs/readme.txt', bytes: Buffer.from(readme), deflate: true },
          // No folder entry for `deep/er/`: folders are made for the files below them.
          { name: 'deep/er/note.md', bytes: Buffer.from('# note') },
          { name: 'empty/', bytes: Buffer.alloc(0) },
          { name: '../escape.txt', bytes: Buffer.from('out') },
          { name: 'passwd', bytes: Buffer.from('/etc/passwd'), link: true },
        ]),
      );
      const job = await extracted({ path: '/docs/bundle.zip', targetPath: '/docs/bundle' });
      expect(job).toMatchObject({
        type: 'extract',
        status: 'completed',
        partial: true,
        success: 2,
        failed: 2,
        subject: { source: '/docs/bundle.zip', target: '/docs/bundle', paths: 1 },
      });
      expect(job.errors.map((e) => [e.path, e.error]).sort()).toEqual([
        ['../escape.txt', 'fs.archive_unsafe_entry'],
        ['passwd', 'fs.archive_unsafe_entry'],
      ]);
      expect(await text('/docs/bundle/docs/readme.txt')).toBe(readme);
      expect(await text('/docs/bundle/deep/er/note.md')).toBe('# note');
      expect(await fs.names('/docs/bundle')).toEqual(
        driverKind === 's3' ? ['deep', 'docs', 'empty'] : ['deep', 'docs', 'empty'],
      );
      expect(await fs.names('/docs')).toEqual(['bundle', 'bundle.zip']);
      expect(await text('/docs/escape.txt')).toBeNull();
      expect(await text('/docs/bundle/passwd')).toBeNull();
    });

    it('extracts a tar and a tar.gz, and settles files already there by the conflict mode', async () => {
      const archive = await tarOf([
        { name: 'site/', type: 'directory' },
        { name: 'site/index.md', text: '# Hello' },
        { name: 'site/a.txt', text: 'a' },
        { name: 'site/passwd', type: 'symlink' },
        { name: '/etc/cron.d/evil', text: 'x' },
      ]);
      await put('/docs', 'site.tar', archive);
      await put('/docs', 'site.tgz', gzipSync(archive));
      const first = await extracted({ path: '/docs/site.tar', targetPath: '/docs/out' });
      expect(first).toMatchObject({ status: 'completed', success: 2, failed: 2 });
      expect(await fs.names('/docs/out/site')).toEqual(['a.txt', 'index.md']);
      expect(await text('/etc/cron.d/evil')).toBeNull();

      await fs.upload('/docs/out/site', 'a.txt', 'changed');
      const skipped = await extracted({
        path: '/docs/site.tgz',
        targetPath: '/docs/out',
        conflict: 'skip',
      });
      expect(skipped).toMatchObject({ status: 'completed', success: 0, skipped: 2 });
      expect(await text('/docs/out/site/a.txt')).toBe('changed');

      const failed = await extracted({ path: '/docs/site.tgz', targetPath: '/docs/out' });
      expect(failed.errors.map((e) => e.error)).toContain('fs.already_exists');
      expect(await text('/docs/out/site/a.txt')).toBe('changed');

      const renamed = await extracted({
        path: '/docs/site.tgz',
        targetPath: '/docs/out',
        conflict: 'rename',
      });
      expect(renamed).toMatchObject({ success: 2 });
      expect(await fs.names('/docs/out/site')).toEqual([
        'a (1).txt',
        'a.txt',
        'index (1).md',
        'index.md',
      ]);

      const overwritten = await extracted({
        path: '/docs/site.tar',
        targetPath: '/docs/out',
        conflict: 'overwrite',
      });
      expect(overwritten).toMatchObject({ success: 2 });
      expect(await text('/docs/out/site/a.txt')).toBe('a');
    });

    it('refuses archive bombs whole, with nothing written', async () => {
      const zeros = Buffer.alloc(4 * 1024 * 1024);
      const bombs: [string, Buffer, string][] = [
        // One entry claiming 4 GiB: more bytes than an extraction writes.
        [
          'huge.zip',
          zipOf([
            { name: 'big.bin', bytes: Buffer.from('x'), deflate: true, declaredSize: 0xffff_fff0 },
          ]),
          'bytes',
        ],
        // 4 MiB of zeros deflate to about 4 KiB: a ratio of a thousand.
        ['ratio.zip', zipOf([{ name: 'zeros.bin', bytes: zeros, deflate: true }]), 'ratio'],
        // Nothing stands out in a tar.gz's headers but the whole archive's ratio.
        [
          'ratio.tgz',
          gzipSync(await tarOf([{ name: 'zeros.txt', text: zeros.toString() }])),
          'ratio',
        ],
        [
          'many.zip',
          zipOf(
            Array.from({ length: 7 }, (_, i) => ({ name: `f${i}.txt`, bytes: Buffer.from('x') })),
          ),
          'entries',
        ],
      ];
      for (const [name, bytes, limit] of bombs) {
        await put('/docs', name, bytes);
        const job = await extracted({ path: `/docs/${name}`, targetPath: '/docs/out' });
        expect(job.status, name).toBe('failed');
        // The code and its values, for the reader's language; the text for scripts.
        expect([job.error_code, job.error_details?.path], name).toEqual([
          'fs.archive_too_large',
          `/docs/${name}`,
        ]);
        expect(job.error, name).toContain('nothing was written');
        expect(job.error, name).toContain(
          limit === 'entries' ? 'entries' : limit === 'bytes' ? 'bytes' : 'times its size',
        );
      }
      expect(await fs.names('/docs')).toEqual(['huge.zip', 'many.zip', 'ratio.tgz', 'ratio.zip']);

      // Zeros only: tar skips zero blocks, so no header ever counts them. The inflation is
      // stopped as it runs, 16 MiB past the ratio, not at the end of 64 MiB.
      await put('/docs', 'zeros.tgz', gzipSync(Buffer.alloc(64 * 1024 * 1024)));
      const zeroBomb = await extracted({ path: '/docs/zeros.tgz', targetPath: '/docs/out' });
      expect(zeroBomb.status).toBe('failed');
      expect(zeroBomb.error).toContain('times its size');
      expect(await text('/docs/out')).toBeNull();
    });

    it('holds each file to the upload limit and never writes a fifo', async () => {
      await t.limitUploads(admin, 1, 'KB');
      await put(
        '/docs',
        'mixed.tgz',
        gzipSync(
          await tarOf([
            { name: 'small.txt', text: 'fits' },
            { name: 'big.txt', text: 'x'.repeat(2048) },
            { name: 'pipe', type: 'fifo' },
          ]),
        ),
      );
      const job = await extracted({ path: '/docs/mixed.tgz', targetPath: '/docs/mixed' });
      expect(job).toMatchObject({ status: 'completed', success: 1, failed: 2 });
      expect(job.errors.map((e) => [e.path, e.error]).sort()).toEqual([
        ['big.txt', 'file.too_large'],
        ['pipe', 'fs.archive_unsafe_entry'],
      ]);
      expect(await fs.names('/docs/mixed')).toEqual(['small.txt']);
    });

    it('fails an entry that inflates to more than it declares, and a damaged archive', async () => {
      await put(
        '/docs',
        'liar.zip',
        zipOf([
          { name: 'small.txt', bytes: Buffer.from('fine') },
          { name: 'liar.bin', bytes: Buffer.alloc(64 * 1024, 7), deflate: true, declaredSize: 10 },
        ]),
      );
      const liar = await extracted({ path: '/docs/liar.zip', targetPath: '/docs/liar' });
      expect(liar, JSON.stringify(liar)).toMatchObject({
        status: 'completed',
        success: 1,
        failed: 1,
      });
      expect(liar.errors[0]).toMatchObject({ path: 'liar.bin', error: 'fs.archive_unreadable' });
      expect(await fs.names('/docs/liar')).toEqual(['small.txt']);

      await put('/docs', 'broken.zip', Buffer.from('PK not really a zip'));
      await put(
        '/docs',
        'broken.tgz',
        gzipSync(Buffer.from('not a tar at all, but gzip')).subarray(0, 20),
      );
      for (const path of ['/docs/broken.zip', '/docs/broken.tgz']) {
        const job = await extracted({ path, targetPath: '/docs/broken' });
        expect(job.status, path).toBe('failed');
        expect(job.error, path).toContain('could not be read as an archive');
      }
      expect(await text('/docs/broken')).toBeNull();
    });

    it('checks the call before a job: archive, target and a key’s rights', async () => {
      await put('/docs', 'notes.txt', Buffer.from('plain'));
      const refused = async (body: Record<string, unknown>, as = admin) => {
        const response = await extract(body, as);
        return [response.status, (response.body as unknown as { error: string }).error];
      };
      expect(await refused({ path: '/docs/notes.txt', targetPath: '/docs/x' })).toEqual([
        415,
        'fs.archive_unsupported',
      ]);
      expect(await refused({ path: '/docs/none.zip', targetPath: '/docs/x' })).toEqual([
        404,
        'fs.not_found',
      ]);
      expect((await extract({ path: '/docs/a.zip' })).status).toBe(400);
      expect(
        (await extract({ path: '/docs/a.zip', targetPath: '/docs', conflict: 'merge' })).status,
      ).toBe(400);

      await put('/docs/mine', 'a.zip', zipOf([{ name: 'a.txt', bytes: Buffer.from('a') }]));
      await put('/docs/theirs', 'b.zip', zipOf([{ name: 'b.txt', bytes: Buffer.from('b') }]));
      const key = await fsKeyWith(t, admin, { basic_path: '/docs/mine' });
      const readOnly = await fsKeyWith(t, admin, {
        basic_path: '/docs/mine',
        mount_read_only: true,
      });
      expect(
        await refused({ path: '/docs/theirs/b.zip', targetPath: '/docs/mine/b' }, key),
      ).toEqual([403, 'fs.path_forbidden']);
      expect(
        await refused({ path: '/docs/mine/a.zip', targetPath: '/docs/theirs/a' }, key),
      ).toEqual([403, 'fs.path_forbidden']);
      expect(
        (await extract({ path: '/docs/mine/a.zip', targetPath: '/docs/mine/a' }, readOnly)).status,
      ).toBe(403);
      expect(await jobs.list()).toHaveLength(0);
      const job = await extracted({ path: '/docs/mine/a.zip', targetPath: '/docs/mine/a' }, key);
      expect(job).toMatchObject({ status: 'completed', success: 1 });
      expect(await text('/docs/mine/a/a.txt')).toBe('a');
    });

    it('extracts across storages, both ways', async () => {
      // Another storage: S3 beside a local docs mount, a second S3 storage beside an S3 one.
      const other = await t.addS3Storage(admin, s3rver().storageFields);
      await fs.mount('/other', other.id, { storage_type: 's3' });
      const zip = zipOf([{ name: 'in/a.txt', bytes: Buffer.from('across'), deflate: true }]);
      await put('/docs', 'a.zip', zip);
      await put('/other', 'b.zip', zip);
      expect(
        await extracted({ path: '/docs/a.zip', targetPath: '/other/from-docs' }),
      ).toMatchObject({
        status: 'completed',
        success: 1,
      });
      expect(
        await extracted({ path: '/other/b.zip', targetPath: '/docs/from-other' }),
      ).toMatchObject({
        status: 'completed',
        success: 1,
      });
      expect(await text('/other/from-docs/in/a.txt')).toBe('across');
      expect(await text('/docs/from-other/in/a.txt')).toBe('across');
    });
  },
);
