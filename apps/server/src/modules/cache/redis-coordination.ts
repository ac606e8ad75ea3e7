import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { CacheCoordination, GenerationStore } from './cache-coordination';
import { createLocalTopics } from './local-bus';
import { reconnectDelayMs } from './reconnect-delay';

/** A Redis that does not answer within this fails the command: callers fall back, not wait. */
const COMMAND_TIMEOUT_MS = 2_000;
const STARTUP_WAIT_MS = 5_000;

/** One number for every scope of one bump, from a counter no other bump can pass. */
const BUMP_SCRIPT = `
local generation = redis.call('INCR', KEYS[1])
for i = 1, #ARGV do redis.call('HSET', KEYS[2], ARGV[i], generation) end
return generation`;

export interface RedisCoordinationOptions {
  url: string;
  logger: Logger;
  /** Keys and the channel start with it, so that installs (or tests) can share one Redis. */
  keyPrefix?: string;
}

/**
 * Generations and the bus in Redis (`REDIS_URL`): a counter hands out generations, a hash per
 * cache holds each scope's, and one pub/sub channel carries the bus. Commands fail at once
 * while Redis is away (no offline queue), so that caches fall through to their loaders instead
 * of waiting; both connections come back by themselves with a growing delay.
 */
export async function createRedisCoordination({
  url,
  logger,
  keyPrefix = 'sharebin:',
}: RedisCoordinationOptions): Promise<CacheCoordination> {
  const options = {
    retryStrategy: (attempt: number) => reconnectDelayMs(attempt),
    connectTimeout: COMMAND_TIMEOUT_MS,
  };
  const commands = new Redis(url, {
    ...options,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: COMMAND_TIMEOUT_MS,
  });
  const subscriber = new Redis(url, { ...options, autoResubscribe: true });
  const channel = `${keyPrefix}bus`;
  const counterKey = `${keyPrefix}cache:generation`;
  const hashKey = (cache: string) => `${keyPrefix}cache:scopes:${cache}`;
  const instance = randomUUID();
  const topics = createLocalTopics();

  for (const client of [commands, subscriber]) {
    // Errors are followed by a reconnect; an 'error' event nobody listens to would be thrown.
    client.on('error', (error) => logger.debug({ err: error }, 'redis connection error'));
  }
  let lostSubscription = false;
  subscriber.on('close', () => {
    if (!lostSubscription) logger.warn('bus: lost the Redis connection; reconnecting');
    lostSubscription = true;
  });
  subscriber.on('ready', () => {
    if (!lostSubscription) return;
    lostSubscription = false;
    logger.info('bus: Redis connection back');
    topics.reconnected();
  });
  subscriber.on('message', (from: string, message: string) => {
    if (from !== channel) return;
    try {
      const parsed = JSON.parse(message);
      if (parsed.from !== instance) topics.deliver(parsed.topic, parsed.payload);
    } catch (error) {
      logger.warn({ err: error }, 'bus: ignoring a message that is not ours');
    }
  });

  // Queued until the connection is up; resubscribed after every reconnect.
  const subscribed = subscriber.subscribe(channel);
  const ready = Promise.all([once(commands, 'ready'), subscribed]).then(() => true);
  const timeout = new Promise<false>((resolve) =>
    setTimeout(() => resolve(false), STARTUP_WAIT_MS).unref(),
  );
  if (!(await Promise.race([ready.catch(() => false), timeout]))) {
    logger.warn('Redis does not answer yet; caches load without it until it does');
  }

  const generations: GenerationStore = {
    async current(cache, scopes) {
      const values = await commands.hmget(hashKey(cache), ...scopes);
      return values.reduce((highest, value) => Math.max(highest, Number(value ?? 0)), 0);
    },
    async bump(cache, scopes) {
      await commands.eval(BUMP_SCRIPT, 2, counterKey, hashKey(cache), ...scopes);
    },
  };

  return {
    kind: 'redis',
    generations,
    bus: {
      async publish(topic, payload) {
        topics.deliver(topic, payload);
        await commands.publish(channel, JSON.stringify({ from: instance, topic, payload }));
      },
      subscribe: topics.subscribe,
      onReconnect: topics.onReconnect,
      // Both connections: a write bumps generations through `commands`, so a bus whose
      // subscriber is back but whose command connection is still reconnecting is not up.
      get connected() {
        return subscriber.status === 'ready' && commands.status === 'ready';
      },
    },
    async close() {
      commands.disconnect();
      subscriber.disconnect();
    },
  };
}
