// `npm start`: builds what is missing or out of date, then runs the production server.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);

/** Newest modification time under `dir`, skipping build output and dependencies. */
function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', 'dist', 'e2e'].includes(entry.name)) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const targets = [
  {
    workspace: 'apps/web',
    output: at('apps/web/dist/index.html'),
    sources: ['apps/web', 'packages/shared'],
  },
  {
    workspace: 'apps/server',
    output: at('apps/server/dist/main.js'),
    sources: ['apps/server', 'packages/shared'],
  },
];

for (const target of targets) {
  const builtAt = existsSync(target.output) ? statSync(target.output).mtimeMs : 0;
  const changedAt = Math.max(...target.sources.map((dir) => newestSource(at(dir))));
  if (builtAt >= changedAt) continue;
  console.log(`Building ${target.workspace}…`);
  const result = spawnSync('npm', ['run', 'build', '-w', target.workspace], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import(at('apps/server/dist/main.js'));
