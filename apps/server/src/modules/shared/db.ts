import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './db.schema';

export type Db = Kysely<Database>;
export type DatabaseEngine = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Db;
  engine: DatabaseEngine;
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
function withStatementCache(sqlite: SQLite.Database) {
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
    close: () => sqlite.close(),
  };
}

export function openSqlite(filename: string): DatabaseHandle {
  const sqlite = new SQLite(filename);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Keeps the write-ahead log from growing without bound under sustained writes.
  sqlite.pragma('journal_size_limit = 67108864');
  return {
    db: new Kysely<Database>({
      dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    }),
    engine: 'sqlite',
  };
}

export interface PostgresOptions {
  connectionString: string;
  /** Schema put first on the search path (tests give each database a schema of its own). */
  schema?: string;
  maxConnections?: number;
}

export function openPostgres(options: PostgresOptions): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.maxConnections ?? 10,
    types: pgTypes,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  return {
    db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
    engine: 'postgres',
  };
}

export function openDatabase(url: string): DatabaseHandle {
  if (/^postgres(ql)?:\/\//.test(url)) return openPostgres({ connectionString: url });
  return openSqlite(url.replace(/^sqlite:(\/\/)?/, ''));
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
