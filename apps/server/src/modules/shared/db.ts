import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './db.schema';
import { createGroupCommit, registerGroupCommit } from './group-commit';
import { FALLBACK_AUTOCHECKPOINT_PAGES, startCheckpointer } from './sqlite-checkpointer';

export type Db = Kysely<Database>;
export type DatabaseEngine = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Db;
  engine: DatabaseEngine;
  /** PostgreSQL: the connection pool now (metrics). SQLite has no pool. */
  poolStats?: () => { total: number; idle: number; waiting: number };
}

const INT8_OID = 20;

/** Millisecond timestamps live in BIGINT columns; they fit a JS number, so read them as one. */
const pgTypes = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format),
} as pg.CustomTypesConfig;

const STATEMENT_CACHE_SIZE = 256;

/** Kysely prepares every query anew; caching recent statements saves that on hot paths. */
function withStatementCache(sqlite: SQLite.Database, beforeClose: () => void) {
  const statements = new Map<string, SQLite.Statement>();
  return {
    prepare(text: string) {
      let statement = statements.get(text);
      if (!statement) {
        statement = sqlite.prepare(text);
        if (statements.size >= STATEMENT_CACHE_SIZE) {
          statements.delete(statements.keys().next().value as string);
        }
        statements.set(text, statement);
      }
      return statement;
    },
    close: () => {
      beforeClose();
      // A stopped server leaves one file a copy of DATA_DIR can take as is. If an open statement
      // makes SQLite refuse, the close (as last connection) or the next start checkpoints.
      try {
        sqlite.pragma('wal_checkpoint(TRUNCATE)');
      } catch {}
      sqlite.close();
    },
  };
}

export function openSqlite(
  filename: string,
  onCheckpointError: (error: Error) => void = () => {},
): DatabaseHandle {
  // Owner-only before SQLite opens it: the WAL and SHM files inherit its mode.
  if (filename !== ':memory:') {
    closeSync(openSync(filename, 'a', 0o600));
    // Installs from before this rule have 0644 files: tighten what exists (owner only).
    for (const file of [filename, `${filename}-wal`, `${filename}-shm`]) {
      if (existsSync(file)) chmodSync(file, 0o600);
    }
  }
  const sqlite = new SQLite(filename);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Keeps the write-ahead log from growing without bound under sustained writes.
  sqlite.pragma('journal_size_limit = 67108864');
  const checkpointer =
    filename === ':memory:'
      ? null
      : startCheckpointer(filename, (message) =>
          onCheckpointError(new Error(`SQLite checkpoint failed: ${message}`)),
        );
  if (checkpointer) sqlite.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
  const statements = withStatementCache(sqlite, () => void checkpointer?.close());
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: statements }) });
  registerGroupCommit(db, createGroupCommit({ sqlite, prepare: statements.prepare, db }));
  return { db, engine: 'sqlite' };
}

export interface PostgresOptions {
  connectionString: string;
  /** Schema put first on the search path (tests give each database a schema of its own). */
  schema?: string;
  maxConnections?: number;
  /** How long to wait for a new connection before the request fails as `database.unavailable`. */
  connectTimeoutMs?: number;
  /** Shown in `pg_stat_activity`, so that an operator can tell our connections apart. */
  applicationName?: string;
  /** Connections that broke outside a query; the pool drops them and reopens on demand. */
  onConnectionError: (error: Error) => void;
}

const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;

/** No connection to the database could be opened, or the one in use broke; the API answers 503. */
export class DatabaseUnavailableError extends Error {
  constructor(options: ErrorOptions) {
    super('The database cannot be reached', options);
    this.name = 'DatabaseUnavailableError';
  }
}

/** SQLSTATE codes of a connection that the server ended or refused (class 08, 57P01–57P03). */
const CONNECTION_LOST_STATE = /^(08...|57P0[1-3])$/;

/** Server ended it, socket failed (`ECONNRESET`, `EPIPE`…) or `pg` found it closed. */
function isConnectionLoss(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (CONNECTION_LOST_STATE.test(code) || /^E[A-Z]+$/.test(code)))
    return true;
  return (
    typeof message === 'string' &&
    (message.startsWith('Connection terminated') || message.includes('not queryable'))
  );
}

/**
 * Each client gets its own `'error'` listener: `pg` emits a checked-out connection's break on
 * the client, and an unheard `'error'` event ends the process.
 */
function resilientPool(pool: pg.Pool, onConnectionError: (error: Error) => void) {
  // The pool and the client both report an idle connection's end; say it once.
  const reported = new WeakSet<Error>();
  const report = (error: Error) => {
    if (reported.has(error)) return;
    reported.add(error);
    onConnectionError(error);
  };
  // Idle connections that break are reported here; without a listener the process would end.
  pool.on('error', report);
  const watched = new WeakSet<pg.PoolClient>();
  const unavailable = (error: unknown) => {
    throw isConnectionLoss(error) ? new DatabaseUnavailableError({ cause: error }) : error;
  };
  return {
    async connect() {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        throw new DatabaseUnavailableError({ cause: error });
      }
      if (!watched.has(client)) {
        watched.add(client);
        client.on('error', report);
        const query = client.query.bind(client) as (...args: unknown[]) => unknown;
        (client as { query: unknown }).query = (...args: unknown[]) => {
          const result = query(...args);
          return result instanceof Promise ? result.catch(unavailable) : result;
        };
      }
      return client;
    },
    end: () => pool.end(),
  };
}

export function openPostgres(options: PostgresOptions): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    // Detects a peer that vanished silently instead of waiting for ever.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    application_name: options.applicationName ?? 'sharebin',
    types: pgTypes,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  return {
    db: new Kysely<Database>({
      dialect: new PostgresDialect({
        pool: resilientPool(pool, options.onConnectionError) as unknown as pg.Pool,
      }),
    }),
    engine: 'postgres',
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

export function openDatabase({
  url,
  onConnectionError,
  onCheckpointError,
}: {
  url: string;
  /** PostgreSQL: a pooled connection was lost (the next query reconnects). */
  onConnectionError: (error: Error) => void;
  /** SQLite: the checkpoint thread failed (the request thread's fallback takes over). */
  onCheckpointError?: (error: Error) => void;
}): DatabaseHandle {
  if (/^postgres(ql)?:\/\//.test(url))
    return openPostgres({ connectionString: url, onConnectionError });
  return openSqlite(url.replace(/^sqlite:(\/\/)?/, ''), onCheckpointError);
}

/** True when a query failed because the database went away, not because of the query. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return error instanceof DatabaseUnavailableError;
}

/** PostgreSQL: a per-schema session advisory lock on one connection; SQLite serves one process. */
export async function withStartupLock<T>(
  { db, engine }: DatabaseHandle,
  work: () => Promise<T>,
): Promise<T> {
  if (engine === 'sqlite') return work();
  return db.connection().execute(async (connection) => {
    const key = sql`hashtext('sharebin.startup.' || current_schema())`;
    await sql`select pg_advisory_lock(${key})`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(connection);
    }
  });
}

export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

/** A unique-constraint violation, as either engine reports it. */
export function isUniqueViolation(error: unknown): boolean {
  const candidate = error as { code?: string } | null;
  return (
    candidate?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    candidate?.code === '23505' ||
    candidate?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}
