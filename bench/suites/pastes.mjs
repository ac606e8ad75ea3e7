// Paste benchmarks (issue 3): counted views of a 2 KB paste against a bare 2 KB JSON route of
// the same server, paste creations per second, and the SQLite WAL size after the load.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { freshDataDir, root, serverNodeArgs, stop, waitForHealth, wrk } from '../helpers/lib.mjs';

// Ports come from the environment, so that runs on a shared host do not collide.
const PORT = Number(process.env.PASTES_BENCH_PORT ?? 8992);
const base = `http://127.0.0.1:${PORT}`;
const dataDir = freshDataDir();
const server = spawn(
  process.execPath,
  [
    ...serverNodeArgs(),
    '--import',
    'tsx',
    path.join(root, 'bench/helpers/bench-server.ts'),
    dataDir,
    String(PORT),
  ],
  {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  },
);
process.on('exit', () => server.kill());
await waitForHealth(PORT);

// A kept-alive socket may have been closed by the server during a long wrk run: retry once.
const json = async (url, init) => {
  try {
    return await (await fetch(url, init)).json();
  } catch {
    return (await fetch(url, init)).json();
  }
};
const login = await json(`${base}/api/admin/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: 'admin', password: 'bench-password' }),
});
const auth = { 'content-type': 'application/json', authorization: `Bearer ${login.data.token}` };
const content =
  `# Benchmark\n\n${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(36)}`.slice(
    0,
    2048,
  );
const paste = await json(`${base}/api/paste`, {
  method: 'POST',
  headers: auth,
  body: JSON.stringify({ content, slug: 'bench' }),
});
if (paste.code !== 201) throw new Error(JSON.stringify(paste));

wrk(`${base}/bench/bare`, { seconds: 2 });
const rounds = [];
for (let round = 0; round < 3; round++) {
  const bare = wrk(`${base}/bench/bare`, { seconds: 5 });
  const view = wrk(`${base}/api/paste/bench`, { seconds: 5 });
  rounds.push({ bare, view, ratio: view.rps / bare.rps });
}
const middle = [...rounds].sort((a, b) => a.ratio - b.ratio)[1];
const views = (await json(`${base}/api/admin/pastes/${paste.data.id}`, { headers: auth })).data
  .views;
const walAfterViews = await json(`${base}/bench/wal`);

// Creations: wrk posts the same body; each gets a generated slug.
const script = path.join(dataDir, 'create.lua');
writeFileSync(
  script,
  `wrk.method = "POST"\nwrk.body = ${JSON.stringify(JSON.stringify({ content, remark: 'bench' }))}\nwrk.headers["Content-Type"] = "application/json"\nwrk.headers["Authorization"] = "Bearer ${login.data.token}"\n`,
);
const creations = wrk(`${base}/api/paste`, { seconds: 5, script });
const walAfterCreations = await json(`${base}/bench/wal`);
await stop(server);

console.log(
  JSON.stringify(
    {
      bareRps: Math.round(middle.bare.rps),
      bareP99Ms: middle.bare.p99,
      viewRps: Math.round(middle.view.rps),
      viewP99Ms: middle.view.p99,
      viewRatio: Math.round(middle.ratio * 100) / 100,
      viewRatioPerRound: rounds.map((r) => Math.round(r.ratio * 100) / 100),
      viewNon2xx: rounds.reduce((n, r) => n + r.view.non2xx, 0),
      viewsCounted: views,
      creationsPerSecond: Math.round(creations.rps),
      creationP99Ms: creations.p99,
      creationNon2xx: creations.non2xx,
      walMbAfterViews: Math.round((walAfterViews.walBytes / 1024 ** 2) * 10) / 10,
      walMbAfterCreations: Math.round((walAfterCreations.walBytes / 1024 ** 2) * 10) / 10,
      dbMb: Math.round((walAfterCreations.dbBytes / 1024 ** 2) * 10) / 10,
    },
    null,
    2,
  ),
);
