import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqlite } from './db';
import { FALLBACK_AUTOCHECKPOINT_PAGES, startCheckpointer } from './sqlite-checkpointer';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function databaseFile(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'sharebin-checkpoint-'));
  folders.push(folder);
  return path.join(folder, 'sharebin.db');
}

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('SQLite checkpoints off the request thread', () => {
  it('copies the write-ahead log into the database file while the request thread only writes', async () => {
    const filename = databaseFile();
    const { db } = openSqlite(filename);
    try {
      // The request thread's own threshold is a fallback far above what this test writes.
      expect(
        (await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db)).rows[0],
      ).toEqual({ wal_autocheckpoint: FALLBACK_AUTOCHECKPOINT_PAGES });
      await sql`create table notes (id integer primary key, body text not null)`.execute(db);
      // 24 MB of rows in 1 MB commits: under the fallback's 10,000 pages (40 MB), so only the
      // checkpoint thread can move them from the log into the database file.
      const body = 'x'.repeat(4000);
      for (let batch = 0; batch < 24; batch++) {
        await db.transaction().execute(async (trx) => {
          for (let i = 0; i < 250; i++)
            await sql`insert into notes (body) values (${body})`.execute(trx);
        });
        await tick(20);
      }
      // However busy the machine, the thread gets there (it runs every 200 ms).
      const deadline = Date.now() + 20_000;
      while (statSync(filename).size < 20 * 1024 * 1024 && Date.now() < deadline) await tick(50);
      expect(statSync(filename).size).toBeGreaterThanOrEqual(20 * 1024 * 1024);
      const { rows } = await sql<{ n: number }>`select count(*) as n from notes`.execute(db);
      expect(rows[0]?.n).toBe(24 * 250);
    } finally {
      await db.destroy();
    }
  }, 30_000);

  it('tells what went wrong when the thread cannot checkpoint, instead of failing silently', async () => {
    const told: string[] = [];
    const checkpointer = startCheckpointer(path.join(databaseFile(), 'gone.db'), (message) =>
      told.push(message),
    );
    await checkpointer.close();
    expect(told.join('\n')).toMatch(/unable to open|does not exist/i);
  });
});
