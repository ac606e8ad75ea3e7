import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Ends every PostgreSQL connection that `applicationName` opened, as an operator (or a
 * restarted server) would; answers how many there were.
 */
export async function terminateBackends(
  connectionString: string,
  applicationName: string,
): Promise<number> {
  const admin = new pg.Client({ connectionString });
  await admin.connect();
  try {
    const terminated = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1',
      [applicationName],
    );
    return terminated.rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

/**
 * A PostgreSQL database of its own on `TEST_POSTGRES_URL`, as an operator would create one for
 * a server process (which takes a URL, not a schema); `password` goes into the URL (the test
 * server trusts local connections, so any password is taken).
 */
export async function createPostgresDatabase({ password }: { password?: string } = {}) {
  const adminUrl = process.env.TEST_POSTGRES_URL as string;
  const name = `sharebin_t_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  if (password) url.password = password;
  return {
    name,
    url: url.toString(),
    async query(text: string) {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        return (await client.query(text)).rows;
      } finally {
        await client.end();
      }
    },
    async drop() {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
