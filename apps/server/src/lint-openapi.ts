// `npm run lint:openapi`: writes the OpenAPI document the server answers at /api/openapi.json to a
// temporary file and runs `redocly lint` on it (rules in /redocly.yaml). Offline: a server over an
// in-memory SQLite database answers the document, and Redocly's telemetry and update check are off.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { createServer } from './app/create-server';
import { migrateToLatest } from './migrations';
import { systemClock } from './modules/shared/clock';
import { openSqlite } from './modules/shared/db';
import { addressPolicy } from './modules/uploads/url/address-policy';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const workDir = mkdtempSync(path.join(tmpdir(), 'sharebin-openapi-'));
let status = 1;
try {
  const database = openSqlite(':memory:');
  await migrateToLatest(database);
  const server = createServer({
    db: database.db,
    clock: systemClock,
    logger: pino({ level: 'silent' }),
    version: '0.0.0-lint',
    secretKey: 'openapi-lint-secret-0123456789abcdef',
    adminSessionTtlMs: 3_600_000,
    maxPasteBytes: 1024 * 1024,
    urlAddressPolicy: addressPolicy({ allowPrivate: false }),
    dataDir: path.join(workDir, 'data'),
    publicUrl: '',
    trustProxyHops: 0,
    corsOrigins: [],
  });
  const answer = await server.app.request('/api/openapi.json');
  if (!answer.ok) throw new Error(`/api/openapi.json answered ${answer.status}`);
  const documentPath = path.join(workDir, 'openapi.json');
  writeFileSync(documentPath, await answer.text());
  await server.drivers.closeAll();
  await database.db.destroy();

  const cli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js', {
    paths: [root],
  });
  const lint = spawnSync(
    process.execPath,
    // Further arguments go to Redocly (`npm run lint:openapi -- --format summary`).
    [
      cli,
      'lint',
      '--config',
      path.join(root, 'redocly.yaml'),
      ...process.argv.slice(2),
      documentPath,
    ],
    {
      stdio: 'inherit',
      env: {
        ...process.env,
        REDOCLY_TELEMETRY: 'off',
        REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
        REDOCLY_SUPPRESS_NOTIFICATIONS: 'true',
      },
    },
  );
  status = lint.status ?? 1;
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
process.exit(status);
