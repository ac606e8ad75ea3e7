import { type Kysely, sql } from 'kysely';
import { VERSION } from '../app/version';
import type { DatabaseHandle } from '../modules/shared/db';
import { StartupError } from '../modules/shared/startup-error';

const ROW_ID = 'this';

interface SchemaVersionTables {
  kysely_migration: { name: string };
  schema_version: {
    id: string;
    sharebin_version: string;
    migration_count: number;
    migrated_at: number;
  };
}

const untyped = (handle: DatabaseHandle) => handle.db as unknown as Kysely<SchemaVersionTables>;

/** True when `table` exists in the schema our tables live in (PostgreSQL: the current one). */
async function hasTable({ db, engine }: DatabaseHandle, table: string): Promise<boolean> {
  const found =
    engine === 'sqlite'
      ? await sql`select 1 from sqlite_master where type = 'table' and name = ${table}`.execute(db)
      : // Not information_schema: its privilege checks read every schema's catalogue and fail
        // when another program drops a schema meanwhile (a shared database).
        await sql`select 1 where to_regclass(
            quote_ident(current_schema()) || '.' || quote_ident(${table})) is not null`.execute(db);
  return found.rows.length > 0;
}

/** The names of the migrations this database has run, in order; none for a new database. */
export async function appliedMigrations(handle: DatabaseHandle): Promise<string[]> {
  if (!(await hasTable(handle, 'kysely_migration'))) return [];
  const rows = await untyped(handle)
    .selectFrom('kysely_migration')
    .select('name')
    .orderBy('name')
    .execute();
  return rows.map((row) => row.name);
}

/** The Sharebin version that last migrated this database (recorded since 0024), if known. */
export async function recordedVersion(handle: DatabaseHandle): Promise<string | undefined> {
  if (!(await hasTable(handle, 'schema_version'))) return undefined;
  const row = await untyped(handle)
    .selectFrom('schema_version')
    .select('sharebin_version')
    .where('id', '=', ROW_ID)
    .executeTakeFirst();
  return row?.sharebin_version;
}

/** Of `applied`, the migrations that `known` (this version's registry) lacks. */
export function unknownMigrations(applied: string[], known: string[]): string[] {
  const ours = new Set(known);
  return applied.filter((name) => !ours.has(name));
}

/**
 * Why this version cannot take a database (or a backup of one) that a newer version migrated;
 * the same words at start and at restore.
 */
export function newerSchemaMessage({
  subject,
  version,
  unknown,
}: {
  subject: 'this database' | 'this backup';
  version: string | undefined;
  unknown: string[];
}): string {
  const by = version ? `Sharebin ${version}` : 'a newer Sharebin';
  return (
    `${subject} was upgraded by ${by} (it has migrations this version, ${VERSION}, does not know: ` +
    `${unknown.join(', ')}); run ${version ? `Sharebin ${version} or newer` : 'that version'}, ` +
    'or restore a backup taken before the upgrade'
  );
}

/** Stops before migrating a database that a newer version has migrated further. */
export async function refuseNewerDatabase(handle: DatabaseHandle, known: string[]): Promise<void> {
  const unknown = unknownMigrations(await appliedMigrations(handle), known);
  if (unknown.length === 0) return;
  throw new StartupError(
    newerSchemaMessage({
      subject: 'this database',
      version: await recordedVersion(handle),
      unknown,
    }),
  );
}

/** Writes down that this version migrated the database (after every successful migration). */
export async function recordSchemaVersion(
  handle: DatabaseHandle,
  migrationCount: number,
): Promise<void> {
  const row = {
    sharebin_version: VERSION,
    migration_count: migrationCount,
    migrated_at: Date.now(),
  };
  await untyped(handle)
    .insertInto('schema_version')
    .values({ id: ROW_ID, ...row })
    .onConflict((conflict) => conflict.column('id').doUpdateSet(row))
    .execute();
}
