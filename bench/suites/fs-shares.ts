// Shares of mounted folders (issue 31), each figure against a baseline of the same run:
//   the public listing of a 1,000-entry shared folder   vs the admin's cached GET …/fs/list of it
//                                                         (wrk req/s; target ≥ 0.8)
//   a 64 MiB file downloaded through the share           vs GET …/fs/download of it (MB/s; ≥ 0.9)
// Rounds alternate the order. Run: `node --import tsx bench/suites/fs-shares.ts` (needs wrk);
// `FS_SHARES_BENCH_PORT`, `BENCH_ROUNDS`.

import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import {
  adminApi,
  adminToken,
  localStorageFolder,
  mbps,
  startSourceServer,
} from '../helpers/admin-api';
import { freshDataDir, median, stop, wrk } from '../helpers/lib.mjs';

const PORT = Number(process.env.FS_SHARES_BENCH_PORT ?? 39_431);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ENTRIES = 1_000;
const BIG_BYTES = 64 * 1024 * 1024;
const DOWNLOADS_PER_ROUND = 8;
const base = `http://127.0.0.1:${PORT}`;

const dataDir = freshDataDir();
const server = await startSourceServer(PORT, dataDir);
const api = adminApi(PORT);
try {
  const token = await adminToken(api);
  const local = await localStorageFolder(api, token, dataDir, 'bench disk');
  for (let i = 0; i < ENTRIES - 1; i++) {
    writeFileSync(
      path.join(local.folder, `file-${String(i).padStart(4, '0')}.txt`),
      'x'.repeat(100),
    );
  }
  writeFileSync(path.join(local.folder, 'big.bin'), Buffer.alloc(BIG_BYTES, 7));
  await api('POST', '/api/admin/mounts', token, {
    name: 'big',
    storage_type: 'local',
    storage_config_id: local.id,
    mount_path: '/big',
    cache_ttl: 3600,
  });
  const share = await api<{ slug: string }>('POST', '/api/admin/fs/shares', token, {
    path: '/big',
  });
  const browser = { 'accept-encoding': 'gzip, deflate, br' };
  const admin = { authorization: `Bearer ${token}` };
  const urls = {
    adminList: `${base}/api/admin/fs/list?path=%2Fbig`,
    shareList: `${base}/api/public/fs-shares/${share.slug}/list`,
    adminDownload: `${base}/api/admin/fs/download?path=%2Fbig%2Fbig.bin`,
    shareDownload: `${base}/api/public/fs-shares/${share.slug}/content?path=%2Fbig.bin`,
  };
  const listed = (await (await fetch(urls.shareList)).json()) as { data: { items: unknown[] } };
  if (listed.data.items.length !== ENTRIES) throw new Error(`${listed.data.items.length} entries`);

  const listing = (url: string, headers: Record<string, string>) => {
    const run = wrk(url, { headers: { ...headers, ...browser } });
    if (run.non2xx > 0) throw new Error(`${run.non2xx} failed listings of ${url}`);
    return run.rps;
  };
  /** MB/s of `DOWNLOADS_PER_ROUND` sequential whole downloads. */
  const downloads = async (url: string, headers: Record<string, string>) => {
    const started = performance.now();
    for (let i = 0; i < DOWNLOADS_PER_ROUND; i++) {
      // A fresh connection each: a kept-alive one may have been closed during the listings.
      const response = await fetch(url, { headers: { ...headers, connection: 'close' } });
      let bytes = 0;
      for await (const chunk of response.body as AsyncIterable<Uint8Array>) bytes += chunk.length;
      if (response.status !== 200 || bytes !== BIG_BYTES) throw new Error(`${url}: ${bytes} bytes`);
    }
    return mbps(BIG_BYTES * DOWNLOADS_PER_ROUND, performance.now() - started);
  };

  const figures = { adminList: [], shareList: [], adminDownload: [], shareDownload: [] } as Record<
    keyof typeof urls,
    number[]
  >;
  for (let round = 0; round < ROUNDS; round++) {
    const shareFirst = round % 2 === 1;
    const lists = [
      () => figures.adminList.push(listing(urls.adminList, admin)),
      () => figures.shareList.push(listing(urls.shareList, {})),
    ];
    for (const run of shareFirst ? lists.reverse() : lists) run();
    const gets = [
      async () => figures.adminDownload.push(await downloads(urls.adminDownload, admin)),
      async () => figures.shareDownload.push(await downloads(urls.shareDownload, {})),
    ];
    for (const run of shareFirst ? gets.reverse() : gets) await run();
  }

  const spread = (values: number[]) => values.map((value) => value.toFixed(0)).join(', ');
  const listRatio = median(figures.shareList) / median(figures.adminList);
  const getRatio = median(figures.shareDownload) / median(figures.adminDownload);
  console.log(`\n### Shares of mounted folders (${ROUNDS} rounds, alternating)`);
  console.log('| measure | admin | share | share / admin | target |');
  console.log('|---|---|---|---|---|');
  console.log(
    `| listing of 1,000 entries, wrk -t2 -c64 (req/s) | ${median(figures.adminList).toFixed(0)} (${spread(figures.adminList)}) | ${median(figures.shareList).toFixed(0)} (${spread(figures.shareList)}) | ${listRatio.toFixed(2)} | ≥ 0.8 |`,
  );
  console.log(
    `| download of 64 MiB, ${DOWNLOADS_PER_ROUND} in a row (MB/s) | ${median(figures.adminDownload).toFixed(0)} (${spread(figures.adminDownload)}) | ${median(figures.shareDownload).toFixed(0)} (${spread(figures.shareDownload)}) | ${getRatio.toFixed(2)} | ≥ 0.9 |`,
  );
  console.log(
    `load average at end: ${loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}`,
  );
} finally {
  await stop(server);
}
