import type { Logger } from 'pino';
import type { Clock } from '../shared/clock';
import type { DatabaseHandle } from '../shared/db';
import type { CacheCoordination } from './cache-coordination';
import { createInProcessBus } from './local-bus';
import { createPostgresBus } from './postgres-bus';
import { createPostgresGenerations } from './postgres-generations';

/** One process (SQLite): invalidations reach every entry before they return. */
export function inProcessCoordination(): CacheCoordination {
  return { kind: 'in-process', bus: createInProcessBus(), close: async () => {} };
}

/**
 * ARCHITECTURE §8: Redis when `REDIS_URL` is set, else PostgreSQL's LISTEN/NOTIFY and a
 * generations table when the database is PostgreSQL, else this process alone.
 */
export async function openCacheCoordination({
  database,
  databaseUrl,
  redisUrl,
  logger,
  clock,
}: {
  database: DatabaseHandle;
  databaseUrl: string;
  redisUrl: string | undefined;
  logger: Logger;
  clock: Clock;
}): Promise<CacheCoordination> {
  if (redisUrl) {
    // Loaded only when configured: installs without Redis do not pay for its client at start.
    const { createRedisCoordination } = await import('./redis-coordination');
    return createRedisCoordination({ url: redisUrl, logger });
  }
  if (database.engine === 'postgres') {
    const bus = await createPostgresBus({ db: database.db, connectionString: databaseUrl, logger });
    return {
      kind: 'postgres',
      bus,
      generations: createPostgresGenerations({ db: database.db, clock }),
      close: bus.close,
    };
  }
  return inProcessCoordination();
}
