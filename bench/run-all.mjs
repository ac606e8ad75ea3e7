// `npm run bench`: runs every benchmark in turn (build first: `npm run build`).
import { spawnSync } from 'node:child_process';

for (const script of [
  'foundation.mjs',
  'pastes.mjs',
  'latency.mjs',
  'web-bundle.mjs',
  'home-first-load-js.mjs',
  'first-load-bytes.mjs',
  'uploads.ts',
  'search.ts',
  'cache.ts',
  'dashboard.ts',
  'fs-list.ts',
  'explorer-render.mjs',
  'copy.ts',
  'zip.ts',
  'transfers.ts',
  'frozen-s3.ts',
  'crash-uploads.ts',
  'copy-restart.ts',
]) {
  console.log(`\n## ${script}`);
  const file = new URL(script, import.meta.url).pathname;
  const args = script.endsWith('.ts') ? ['--import', 'tsx', file] : [file];
  const result = spawnSync(process.execPath, args, {
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
