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
