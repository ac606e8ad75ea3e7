// The real server (createServer over a SQLite file) plus one bare route returning 2 KB of
// JSON, the baseline of the paste benchmark. Run with tsx; prints "ready <token>" when up.
import { statSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../../apps/server/src/app/config';
import { createServer } from '../../apps/server/src/app/create-server';
import { createHttpServer } from '../../apps/server/src/app/http-server';
import { migrateToLatest } from '../../apps/server/src/migrations';
import { systemClock } from '../../apps/server/src/modules/shared/clock';
import { openSqlite } from '../../apps/server/src/modules/shared/db';
import { addressPolicy } from '../../apps/server/src/modules/uploads/url/address-policy';

const [dataDir, port] = [process.argv[2] as string, Number(process.argv[3])];
const dbFile = path.join(dataDir, 'bench.db');
const database = openSqlite(dbFile);
const { db } = database;
await migrateToLatest(database);
const server = createServer({
  db,
  clock: systemClock,
  logger: pino({ level: 'warn' }),
  version: 'bench',
  secretKey: 'bench-secret-key-0123456789abcdef',
  adminSessionTtlMs: 3_600_000,
  maxPasteBytes: 5 * 1024 * 1024,
  urlAddressPolicy: addressPolicy({ allowPrivate: false }),
  dataDir,
  publicUrl: '',
  trustProxyHops: 0,
  corsOrigins: [],
});
await server.useCases.auth.ensureAdmin({ username: 'admin', password: 'bench-password' });

const bare = { code: 200, message: 'OK', data: { content: 'x'.repeat(2048) } };
server.app.get('/bench/bare', (c) => c.json(bare));
server.app.get('/bench/wal', (c) => {
  let size = 0;
  try {
    size = statSync(`${dbFile}-wal`).size;
  } catch {}
  return c.json({ walBytes: size, dbBytes: statSync(dbFile).size });
});

// The production HTTP server with its default timeouts, as `main.ts` builds it.
createHttpServer({ fetch: server.app.fetch, timeouts: loadConfig({}).httpTimeouts }).listen(
  port,
  '127.0.0.1',
  () => console.log('ready'),
);

// Exit normally on a signal so that `--cpu-prof` can write its profile.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(0));
