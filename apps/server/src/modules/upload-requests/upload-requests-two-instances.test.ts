import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FsListing, ReceivedFiles, UploadRequest } from '@sharebin/shared';
import { describe, expect, it } from 'vitest';
import { expectData } from '../../test/fs-client';
import { startedWithMount, useTwoInstances } from '../../test/two-instances';

/** Files are held in one conditional UPDATE of the shared database, whichever instance serves. */
describe.runIf(process.env.TEST_POSTGRES_URL)('upload requests on two instances', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sharebin-upload-requests-'));
  const t = useTwoInstances([{ dataDir }, { dataDir }]);

  it('takes exactly max_files of 40 files sent at once to both instances, none under one name', async () => {
    const [a, b] = t.instances;
    const { admin, fs, folder } = await startedWithMount(t.instances);
    await expectData(fs.request('POST', '/api/admin/fs/mkdir', { path: `${folder}/inbox` }), 201);
    const request = await expectData<UploadRequest>(
      a.request(
        'POST',
        '/api/admin/upload-requests',
        { path: `${folder}/inbox`, max_files: 7 },
        admin,
      ),
      201,
    );
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => {
        const form = new FormData();
        form.append('file', new Blob([`sender ${i}`]), 'same.txt');
        return (i % 2 ? a : b).server.app.request(
          `/api/public/upload-requests/${request.slug}/files`,
          { method: 'POST', body: form },
        );
      }),
    );
    const taken = answers.filter((answer) => answer.status === 201);
    expect(taken).toHaveLength(7);
    expect(answers.filter((answer) => answer.status === 410)).toHaveLength(33);
    const listing = await expectData<FsListing>(
      fs.request('GET', `/api/admin/fs/list?path=${encodeURIComponent(`${folder}/inbox`)}`),
    );
    expect(listing.items.map((item) => item.name).sort()).toEqual([
      'same (1).txt',
      'same (2).txt',
      'same (3).txt',
      'same (4).txt',
      'same (5).txt',
      'same (6).txt',
      'same.txt',
    ]);
    const after = await expectData<UploadRequest>(
      b.request('GET', `/api/admin/upload-requests/${request.id}`, undefined, {
        token: await b.loginAsAdmin(),
      }),
    );
    const sizes = await Promise.all(
      taken.map(async (answer) => {
        const { data } = (await answer.json()) as { data: ReceivedFiles };
        return data.files[0]?.size ?? 0;
      }),
    );
    expect(after).toMatchObject({
      files_received: 7,
      bytes_received: sizes.reduce((sum, size) => sum + size, 0),
    });
  });
});
