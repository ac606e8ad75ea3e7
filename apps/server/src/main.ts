import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from './app/config';
import { createServer } from './app/create-server';
import { createHttpServer } from './app/http-server';
import { listen } from './app/listen';
import { createLogger, routeProcessWarnings } from './app/logger';
import { initialiseInstance, prepareDataDir } from './app/start-up';
import { VERSION } from './app/version';
import { migrations } from './migrations';
import { openCacheCoordination } from './modules/cache/coordination';
import { systemClock } from './modules/shared/clock';
import { assertDatabaseReachable, openConfiguredDatabase } from './modules/shared/db-startup';
import { resolveSecretKey } from './modules/shared/secret-key';
import { formatStartupFailure, StartupError } from './modules/shared/startup-error';
import { warnAboutUnsharedLocalStorages } from './modules/storage/configs/shared-folder-check';
import { addressPolicy } from './modules/uploads/url/address-policy';

async function main() {
  const started = performance.now();
  const config = loadConfig(process.env);
  const logger = createLogger(config.logLevel);
  routeProcessWarnings(logger);
  await prepareDataDir(config.dataDir);
  const secretKey = resolveSecretKey({ configured: config.secretKey, dataDir: config.dataDir });

  const database = openConfiguredDatabase({
    url: config.databaseUrl,
    databaseUrlSet: Boolean(process.env.DATABASE_URL?.trim()),
    onConnectionError: (error) =>
      logger.warn({ err: error }, 'database connection lost; reconnecting on the next query'),
    onCheckpointError: (error) =>
      logger.warn({ err: error }, 'SQLite checkpoint thread failed; commits checkpoint instead'),
  });
  const { db, engine } = database;
  await assertDatabaseReachable(database, config.databaseUrl);
  const cacheCoordination = await openCacheCoordination({
    database,
    databaseUrl: config.databaseUrl,
    redisUrl: config.redisUrl,
    logger,
    clock: systemClock,
  });

  const server = createServer({
    db,
    clock: systemClock,
    logger,
    version: VERSION,
    secretKey,
    adminSessionTtlMs: config.adminSessionTtlMs,
    maxPasteBytes: config.maxPasteBytes,
    thumbnailCacheBytes: config.thumbnailCacheBytes,
    thumbnailTools: config.thumbnailTools,
    urlAddressPolicy: addressPolicy({ allowPrivate: config.allowPrivateUrls }),
    dataDir: config.dataDir,
    publicUrl: config.publicUrl?.replace(/\/+$/, '') ?? '',
    trustProxyHops: config.trustProxyHops,
    corsOrigins: config.corsOrigins,
    davPropfindMaxEntries: config.davPropfindMaxEntries,
    httpIdleTimeoutMs: config.httpTimeouts.idleMs,
    s3Timeouts: { connectMs: config.storageTimeoutMs, idleMs: config.storageTimeoutMs },
    cacheCoordination,
    housekeepingIntervalMs: config.housekeepingIntervalMs,
    metricsToken: config.metricsToken,
    databasePool: database.poolStats,
    webDistDir:
      config.webDistDir ??
      path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist'),
  });

  const { admin } = await initialiseInstance({
    database,
    server,
    admin: { username: config.adminUsername, password: config.adminPassword },
  });
  if (admin.created && admin.generatedPassword) {
    // Printed once, outside the JSON log, so that it does not end up in log collectors.
    process.stdout.write(
      `\n  Sharebin created the admin account.\n  username: ${config.adminUsername}\n  password: ${admin.generatedPassword}\n  Change it in Admin → Settings.\n\n`,
    );
  }

  if (engine === 'postgres') {
    await warnAboutUnsharedLocalStorages({ db, dataDir: config.dataDir, logger });
  }

  // The port first: a server that cannot listen (a busy port) exits before its worker claims
  // a job whose lease would then hold it until it expires.
  const httpServer = createHttpServer({ fetch: server.app.fetch, timeouts: config.httpTimeouts });
  await listen(httpServer, config.port, config.host);
  // Before anything tells that the server is up: a SIGTERM sent as soon as it listens (a
  // supervisor, a test) must find the graceful stop, not Node's default of dying at once.
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing requests in flight');
    // Settled, never rejected: a failing step is logged and the stop goes on.
    const jobsStopped = server.jobs.stop().catch((error: unknown) => {
      logger.error({ err: error }, 'stopping the job worker failed');
    });
    const force = setTimeout(() => {
      logger.warn('requests still open after the grace period; closing anyway');
      process.exit(1);
    }, config.shutdownGraceMs);
    force.unref();
    httpServer.close(async () => {
      try {
        await jobsStopped;
        // After the last request: what it counted is added too.
        await server.activity.stop();
        await server.fsIndex.drain();
        await server.drivers.closeAll();
        await server.caches.close();
        await db.destroy();
      } catch (error) {
        logger.error({ err: error }, 'stopped, but not cleanly');
        process.exit(1);
      }
      logger.info('stopped');
      process.exit(0);
    });
    // Keep-alive connections with no request in flight would otherwise hold the close.
    httpServer.closeIdleConnections();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  server.jobs.start();
  server.activity.start();
  // In the background: a storage that does not answer must not hold the start.
  server
    .sweepAbandonedUploads()
    .then((swept) => logger.info({ swept }, 'uploads left by a stopped process swept'))
    .catch((error: unknown) => logger.warn({ err: error }, 'sweeping abandoned uploads failed'));
  logger.info(
    {
      port: config.port,
      engine,
      migrations: Object.keys(migrations).length,
      startupMs: Math.round(performance.now() - started),
    },
    `Sharebin ${VERSION} listening on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`,
  );
}

main().catch((error: unknown) => {
  const expected = error instanceof ConfigError || error instanceof StartupError;
  // One line, secrets masked; the stack of an unexpected failure only when asked for.
  process.stderr.write(formatStartupFailure(error, process.env, expected));
  if (!expected && /^(debug|trace)$/.test(process.env.LOG_LEVEL ?? '')) {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  }
  process.exit(1);
});
