// Starts the built server for the end-to-end tests on a fresh data folder, removed afterwards.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverMain = fileURLToPath(new URL('../../server/dist/main.js', import.meta.url));
const dataDir = mkdtempSync(path.join(tmpdir(), 'sharebin-e2e-'));

const server = spawn(process.execPath, [serverMain], {
  stdio: 'inherit',
  // No scheduled clean-up during the suite: a test that holds a used-up paste on screen must
  // not see it cleared under it when the suite runs past the first period on a slow machine.
  env: { HOUSEKEEPING_INTERVAL: '24h', ...process.env, DATA_DIR: dataDir },
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}

server.on('exit', (code, signal) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? (signal ? 0 : 1));
});
