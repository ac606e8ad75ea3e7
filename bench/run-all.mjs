// `npm run bench`: runs every benchmark of bench/suites/ in turn (build first: `npm run build`).
// The order is kept by hand (the quick, build-only suites first, then the long storage ones);
// a file in suites/ missing from the list, or listed and missing, stops the run before it starts.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const SUITES = [
  'foundation.mjs',
  'pastes.mjs',
  'latency.mjs',
  'web-bundle.mjs',
  'home-first-load-js.mjs',
  'first-load-bytes.mjs',
  'uploads.ts',
  'upload-aborts.ts',
  'search.ts',
  'cache.ts',
  'dashboard.ts',
  'fs-list.ts',
  'explorer-render.mjs',
  'explorer-scroll-thumbnails.mjs',
  'copy.ts',
  'zip.ts',
  'transfers.ts',
  'frozen-s3.ts',
  'crash-uploads.ts',
  'copy-restart.ts',
  'fs-shares.ts',
  'thumbnails.ts',
  'extract.ts',
  'resume.ts',
];

const suitesDir = new URL('suites/', import.meta.url);
const present = readdirSync(suitesDir).filter((name) => /\.(mjs|ts)$/.test(name));
const unlisted = present.filter((name) => !SUITES.includes(name));
const missing = SUITES.filter((name) => !present.includes(name));
if (unlisted.length > 0 || missing.length > 0) {
  if (unlisted.length > 0)
    console.error(`bench/suites/ not in run-all.mjs: ${unlisted.join(', ')}`);
  if (missing.length > 0)
    console.error(`in run-all.mjs, not in bench/suites/: ${missing.join(', ')}`);
  process.exit(1);
}

for (const script of SUITES) {
  console.log(`\n## ${script}`);
  const file = new URL(script, suitesDir).pathname;
  const args = script.endsWith('.ts') ? ['--import', 'tsx', file] : [file];
  const result = spawnSync(process.execPath, args, {
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
