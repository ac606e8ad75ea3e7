// `npm run reset-admin-password [-- --username NAME] [-- --password NEW]`: sets a new admin
// password (generated unless given) on the database the server is configured for (the same
// DATA_DIR / DATABASE_URL), signs that admin's sessions out and prints the password once.
import { parseArgs } from 'node:util';
import pino from 'pino';
import { loadConfig } from './app/config';
import { migrateToLatest } from './migrations';
import { createAuthRepository } from './modules/auth/auth.repository';
import { createAuthUseCases } from './modules/auth/auth.usecases';
import { createCaches } from './modules/cache/cache.usecases';
import { openCacheCoordination } from './modules/cache/coordination';
import { systemClock } from './modules/shared/clock';
import { createPasswordHasher } from './modules/shared/crypto';
import { openDatabase, withStartupLock } from './modules/shared/db';
import { createRateLimiter } from './modules/shared/rate-limiter';

const USAGE = `Usage: npm run reset-admin-password [-- --username NAME] [--password NEW]
  Sets a new password for the admin (the first one, or NAME), signs its sessions out and
  prints the password once. Without --password a random one is generated (preferred: a
  password given here stays in the shell's history).
`;

async function main() {
  const { values } = parseArgs({
    options: {
      username: { type: 'string' },
      password: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(USAGE);
    return;
  }
  const config = loadConfig(process.env);
  const database = openDatabase({
    url: config.databaseUrl,
    onConnectionError: (error) => process.stderr.write(`sharebin: database: ${error.message}\n`),
  });
  try {
    // Under the start-up lock: a server starting at the same moment migrates in turn.
    await withStartupLock(database, () => migrateToLatest(database));
    // Running servers answer verified sessions from memory: the invalidation reaches them
    // through the cache port (PostgreSQL or Redis); a single box's server within
    // SESSION_CACHE_TTL_MS.
    const coordination = await openCacheCoordination({
      database,
      databaseUrl: config.databaseUrl,
      redisUrl: config.redisUrl,
      logger: pino({ level: 'silent' }),
      clock: systemClock,
    });
    const result = await (async () => {
      try {
        const caches = createCaches({
          coordination,
          clock: systemClock,
          findMountPath: async () => undefined,
        });
        // Only the auth use cases: no HTTP app, storage drivers or jobs are needed to reset it.
        const auth = createAuthUseCases({
          repository: createAuthRepository({ db: database.db }),
          rateLimiter: createRateLimiter({ db: database.db, clock: systemClock }),
          clock: systemClock,
          sessionTtlMs: config.adminSessionTtlMs,
          passwords: createPasswordHasher(),
          sessions: caches.internalCache('admin-sessions'),
        });
        return await auth.resetAdminPassword({
          username: values.username,
          password: values.password,
        });
      } finally {
        await coordination.close();
      }
    })();
    process.stdout.write(
      `\n  Sharebin reset the admin password and signed its sessions out.\n  username: ${result.username}\n${
        result.generated
          ? `  password: ${result.password}\n  Shown only this once: change it in Admin → Settings.\n`
          : ''
      }\n`,
    );
  } finally {
    await database.db.destroy();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`sharebin: ${error instanceof Error ? error.message : String(error)}\n`);
  if (String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS')) {
    process.stderr.write(USAGE);
  }
  process.exit(1);
});
