import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Db } from '../shared/db';
import type { Bus } from './cache-coordination';
import { createLocalTopics } from './local-bus';
import { reconnectDelayMs } from './reconnect-delay';

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
const MAX_PAYLOAD_BYTES = 7_900;
const CONNECT_TIMEOUT_MS = 5_000;

export interface PostgresBusOptions {
  db: Db;
  /** The database `db` connects to; the listener holds a connection of its own there. */
  connectionString: string;
  logger: Logger;
  applicationName?: string;
}

/**
 * LISTEN/NOTIFY on one channel per schema (instances of one install share it; tests in schemas
 * of their own do not hear each other). Notifications go out through the pool; the LISTEN
 * connection is a client of its own, outside the pool, reopened with a growing delay whenever
 * it breaks. Each message carries this instance's id, so that its own come back to nobody.
 */
export async function createPostgresBus({
  db,
  connectionString,
  logger,
  applicationName = 'sharebin-bus',
}: PostgresBusOptions): Promise<Bus & { close(): Promise<void> }> {
  const schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(db))
    .rows[0]?.schema;
  const channel = `sharebin_bus_${schema ?? 'public'}`;
  const instance = randomUUID();
  const topics = createLocalTopics();
  let client: pg.Client | undefined;
  let connected = false;
  let closed = false;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;

  function receive(message: pg.Notification) {
    if (message.channel !== channel || !message.payload) return;
    try {
      const { from, topic, payload } = JSON.parse(message.payload);
      if (from !== instance) topics.deliver(topic, payload);
    } catch (error) {
      logger.warn({ err: error }, 'bus: ignoring a message that is not ours');
    }
  }

  function broken(listener: pg.Client, error?: Error) {
    if (listener !== client) return;
    client = undefined;
    connected = false;
    listener.removeAllListeners('notification');
    listener.end().catch(() => {});
    if (closed) return;
    logger.warn({ err: error }, 'bus: lost the PostgreSQL LISTEN connection; reconnecting');
    schedule();
  }

  function schedule() {
    const delay = reconnectDelayMs(failures++);
    retry = setTimeout(() => void connect(), delay);
    retry.unref();
  }

  async function connect(): Promise<void> {
    const listener = new pg.Client({
      connectionString,
      application_name: applicationName,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    client = listener;
    // Without a listener, an 'error' event (a terminated backend) would end the process.
    listener.on('error', (error) => broken(listener, error));
    listener.on('end', () => broken(listener));
    listener.on('notification', receive);
    try {
      await listener.connect();
      await listener.query(`listen "${channel.replaceAll('"', '""')}"`);
    } catch (error) {
      broken(listener, error as Error);
      return;
    }
    if (closed) {
      await listener.end().catch(() => {});
      return;
    }
    const recovered = failures > 0;
    failures = 0;
    connected = true;
    if (recovered) {
      logger.info('bus: PostgreSQL LISTEN connection back');
      topics.reconnected();
    }
  }

  await connect();

  return {
    async publish(topic, payload) {
      topics.deliver(topic, payload);
      const message = JSON.stringify({ from: instance, topic, payload });
      if (Buffer.byteLength(message) > MAX_PAYLOAD_BYTES) {
        throw new Error(`bus message on ${topic} is too large for NOTIFY`);
      }
      await sql`select pg_notify(${channel}, ${message})`.execute(db);
    },
    subscribe: topics.subscribe,
    onReconnect: topics.onReconnect,
    get connected() {
      return connected;
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const listener = client;
      client = undefined;
      connected = false;
      await listener?.end().catch(() => {});
    },
  };
}
