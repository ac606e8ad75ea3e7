import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openPostgres } from '../modules/shared/db';
import { migrateToLatest } from '.';

describe.runIf(process.env.TEST_POSTGRES_URL)('search index migration on PostgreSQL', () => {
  it('says what to do when the role may not install pg_trgm, and creates nothing', async () => {
    // A database of its own, without pg_trgm, and a role that owns a schema but may not
    // create extensions in the database.
    const suffix = randomBytes(4).toString('hex');
    const database = `search_trgm_${suffix}`;
    const role = `search_trgm_${suffix}`;
    const adminUrl = process.env.TEST_POSTGRES_URL as string;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${database}`);
    await admin.query(`create role ${role} login`);
    const owner = new pg.Client({ connectionString: withDatabase(adminUrl, database) });
    await owner.connect();
    await owner.query(`create schema app authorization ${role}`);
    await owner.query(`revoke create on database ${database} from public`);
    const handle = openPostgres({
      connectionString: withDatabase(adminUrl, database, role),
      schema: 'app',
      onConnectionError: () => {},
    });
    try {
      await expect(migrateToLatest(handle)).rejects.toThrow(
        /needs the PostgreSQL extension pg_trgm.*CREATE EXTENSION pg_trgm;/,
      );
      const tables = await owner.query(
        `select table_name from information_schema.tables where table_schema = 'app' and table_name like 'search%'`,
      );
      expect(tables.rows).toEqual([]);
      const installed = await owner.query(`select 1 from pg_extension where extname = 'pg_trgm'`);
      expect(installed.rows).toEqual([]);
    } finally {
      await handle.db.destroy();
      await owner.end();
      await admin.query(`drop database ${database}`);
      await admin.query(`drop role ${role}`);
      await admin.end();
    }
  });
});

function withDatabase(url: string, database: string, user?: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  if (user) parsed.username = user;
  return parsed.toString();
}
