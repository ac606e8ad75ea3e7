// Builds the workspaces whose output is missing or older than their sources, quietly: one
// line per build, and the build's whole output only when it fails (the first start prints
// the admin password, which must not drown in ~330 lines of build log).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
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

export const TARGETS = {
  web: {
    workspace: 'apps/web',
    output: at('apps/web/dist/index.html'),
    sources: ['apps/web', 'packages/shared'],
    // A production install (`npm ci --omit=dev`) has no build tools: it runs what was built.
    tool: at('node_modules/.bin/vite'),
  },
  server: {
    workspace: 'apps/server',
    output: at('apps/server/dist/main.js'),
    sources: ['apps/server', 'packages/shared'],
    tool: at('node_modules/.bin/esbuild'),
  },
};

function runQuietly(workspace) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', 'build', '-w', workspace], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => resolve({ code: code ?? 1, output: Buffer.concat(output) }));
  });
}

/** Builds each of `targets` that is out of date; exits the process when a build fails. */
export async function ensureBuilt(targets) {
  for (const target of targets) {
    const builtAt = existsSync(target.output) ? statSync(target.output).mtimeMs : 0;
    const changedAt = Math.max(...target.sources.map((dir) => newestSource(at(dir))));
    if (builtAt >= changedAt) continue;
    if (!existsSync(target.tool)) {
      const relative = path.relative(root, target.output);
      if (builtAt > 0) {
        // Modification times are a hint (a copy can change them); what was built still runs.
        process.stderr.write(
          `sharebin: ${relative} looks older than its sources, and this is a production install without build tools: running it as it is. After an upgrade, build where the dev dependencies are (\`npm ci && npm run build\`).\n`,
        );
        continue;
      }
      process.stderr.write(
        `sharebin: ${relative} is missing, and this is a production install without build tools: run \`npm ci && npm run build\` first (then \`npm ci --omit=dev\` keeps only what runs).\n`,
      );
      process.exit(1);
    }
    const started = performance.now();
    process.stdout.write(`Building ${target.workspace}… `);
    const { code, output } = await runQuietly(target.workspace);
    if (code !== 0) {
      process.stdout.write('failed:\n\n');
      process.stderr.write(output);
      process.exit(code);
    }
    process.stdout.write(`done in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  }
}
