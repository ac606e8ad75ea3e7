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

/**
 * Kysely prepares every query anew; keeping the prepared statements of the most recent SQL
 * texts saves that work on hot paths (Kysely never runs two iterations of one statement).
 */
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
      // Everything the log holds goes into the database file and the log is emptied, even if
      // the checkpoint thread's connection outlives this one: a stopped server leaves one file
      // that a backup or a copy of DATA_DIR can take as it is. A statement still open on this
      // connection (a request cut short) makes SQLite refuse; the close then checkpoints as
      // the last connection, or the next start does.
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
  // Created owner-only before SQLite opens it: SQLite gives the WAL and SHM files the
  // database file's mode, so they stay private too.
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
  /**
   * Told about connections that broke outside a query (a restarted server, a terminated
   * backend, a network break). The pool drops them and opens new ones when asked.
   */
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

/**
 * True when a `pg` query failed because its connection broke, not because of the query: the
 * server ended it, the socket failed (`ECONNRESET`, `EPIPE`…), or `pg` found it closed.
 */
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
 * The pool as Kysely sees it. Failures of the connection (not of the query) become a
 * `DatabaseUnavailableError`, and each client gets an `'error'` listener of its own: `pg`
 * emits a broken connection's error on the client while it is checked out (between two
 * queries of a transaction), and an `'error'` event nobody listens to ends the process.
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
    // Finds connections whose peer vanished without a word (a network break) instead of
    // waiting on them for ever.
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

/**
 * Runs `work` while no other instance on this database runs its own: PostgreSQL holds a
 * session advisory lock (per schema) on one connection while `work` uses the others. SQLite
 * serves one process, so there is nobody to wait for.
 */
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
