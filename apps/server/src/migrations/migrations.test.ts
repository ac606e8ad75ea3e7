import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/harness';

describe.runIf(process.env.TEST_POSTGRES_URL)('migrations on PostgreSQL', () => {
  it('ignore another schema’s migration tables and build their own', async () => {
    // A half-migrated schema of another program (or an aborted test) sits in the same database.
    const decoy = `decoy_${randomBytes(4).toString('hex')}`;
    const client = new pg.Client({ connectionString: process.env.TEST_POSTGRES_URL });
    await client.connect();
    await client.query(`create schema ${decoy}`);
    await client.query(`create table ${decoy}.kysely_migration_lock (id text primary key)`);
    await client.query(`create table ${decoy}.kysely_migration (name text primary key)`);
    try {
      const database = await createTestDatabase('postgres');
      const tables = await database.db.introspection.getTables();
      expect(tables.map((table) => table.name)).toContain('file_shares');
      await database.drop();
    } finally {
      await client.query(`drop schema ${decoy} cascade`);
      await client.end();
    }
  });

  it('migrate while other programs create and drop schemas of their own', async () => {
    const churn = new pg.Client({ connectionString: process.env.TEST_POSTGRES_URL });
    await churn.connect();
    let churning = true;
    const churned = (async () => {
      while (churning) {
        const other = `churn_${randomBytes(4).toString('hex')}`;
        await churn.query(`create schema ${other}; create table ${other}.t (id int)`);
        await churn.query(`drop schema ${other} cascade`);
      }
    })();
    try {
      for (let i = 0; i < 8; i++) {
        const database = await createTestDatabase('postgres');
        await database.drop();
      }
    } finally {
      churning = false;
      await churned;
      await churn.end();
    }
  });
});
