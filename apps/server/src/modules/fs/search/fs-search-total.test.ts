import { Readable } from 'node:stream';
import { type FsSearchResponse, SEARCH_TOTAL_CAP } from '@sharebin/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectData, fsClient } from '../../../test/fs-client';
import { ENGINES, type RequestOptions, useTestServer } from '../../../test/harness';

const MATCHES = SEARCH_TOTAL_CAP + 5;

/**
 * `fs/search` counts its matches up to SEARCH_TOTAL_CAP (or the end of the page, when further):
 * past that its `total` is a lower bound, and the answer says so rather than passing the cap off
 * as the number of matches.
 */
describe.each(ENGINES)('search totals past the cap, on %s', (engine) => {
  const t = useTestServer(engine);
  let admin: RequestOptions;
  const fs = fsClient(
    () => t.server,
    () => admin,
  );
  const search = (query: string) =>
    expectData(
      fs.request<FsSearchResponse>('GET', `/api/admin/fs/search?${query}`, undefined, admin),
    );

  beforeEach(async () => {
    let storage: { id: string };
    ({ admin, storage } = await t.signInWithLocalStorage());
    await fs.mount('/docs', storage.id);
    const { driver } = await t.server.drivers.resolve(storage.id);
    for (let i = 0; i < MATCHES; i++) {
      await driver.put(`many/report-${i}.txt`, Readable.from([Buffer.from('x')]), {
        contentLength: 1,
      });
    }
    // A listing tells the index what the folder holds, after it answers.
    await expectData(fs.request('GET', '/api/admin/fs/list?path=%2Fdocs%2Fmany'));
    await expect
      .poll(async () => (await search(`q=report&offset=${SEARCH_TOTAL_CAP}`)).total)
      .toBe(MATCHES);
  });

  it('flags a capped total as a lower bound, and answers exact totals as exact', async () => {
    const first = await search('q=report');
    expect(first.items).toHaveLength(50);
    expect(first).toMatchObject({ total: SEARCH_TOTAL_CAP, total_capped: true });

    // 116 names contain "report-1": counted whole.
    expect(await search('q=report-1')).toMatchObject({ total: 116, total_capped: false });
    // The last page counts to its end, past the cap: exact again.
    const last = await search(`q=report&offset=${SEARCH_TOTAL_CAP}`);
    expect(last).toMatchObject({ total: MATCHES, total_capped: false });
    expect(last.items).toHaveLength(MATCHES - SEARCH_TOTAL_CAP);
  });
});
