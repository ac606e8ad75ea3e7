import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FsShare } from '@sharebin/shared';
import { describe, expect, it } from 'vitest';
import { expectData } from '../../test/fs-client';
import { startedWithMount, useTwoInstances } from '../../test/two-instances';

/** Views are one conditional UPDATE in the shared database: exact whichever instance serves. */
describe.runIf(process.env.TEST_POSTGRES_URL)('shares of mounted folders on two instances', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sharebin-fs-shares-'));
  const t = useTwoInstances([{ dataDir }, { dataDir }]);

  it('serves exactly max_views downloads of 40 spread over both instances', async () => {
    const [a, b] = t.instances;
    const { admin, fs, folder } = await startedWithMount(t.instances);
    await expectData(fs.upload(`${folder}/trip`, 'notes.txt', 'packing list'), 201);
    const share = await expectData<FsShare>(
      a.request('POST', '/api/admin/fs/shares', { path: `${folder}/trip`, max_views: 7 }, admin),
      201,
    );
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 ? a : b).server.app.request(
          `/api/public/fs-shares/${share.slug}/content?path=/notes.txt`,
        ),
      ),
    );
    const served = answers.filter((answer) => answer.status === 200);
    expect(served).toHaveLength(7);
    expect(answers.filter((answer) => answer.status === 410)).toHaveLength(33);
    expect(await Promise.all(served.map((answer) => answer.text()))).toEqual(
      Array(7).fill('packing list'),
    );
    const after = await expectData<FsShare>(
      b.request('GET', `/api/admin/fs/shares/${share.id}`, undefined, {
        token: await b.loginAsAdmin(),
      }),
    );
    expect(after).toMatchObject({ views: 7, remaining_views: 0 });
  });
});
