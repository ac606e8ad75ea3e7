import { existsSync } from 'node:fs';
import { chmod, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Config } from '../../app/config';
import { VERSION } from '../../app/version';
import { appliedMigrations, recordedVersion } from '../../migrations/schema-version';
import { openPostgres } from '../shared/db';
import { assertDatabaseReachable } from '../shared/db-startup';
import { isPostgresUrl, maskUrlPassword, sqliteFileOf } from '../shared/db-url';

import {
  BackupError,
  type BackupFile,
  copyHashed,
  DATABASE_FILE,
  FORMAT,
  FORMAT_VERSION,
  filesUnder,
  hashFile,
  isEmptyFolder,
  MANIFEST,
  type Manifest,
  POSTGRES_DUMP,
  type Print,
  posix,
  SECRET_KEY_FILE,
  STORAGE_FOLDER,
  type StorageSummary,
} from './backup-format';

/** What the database says about itself: its migrations, its version and its storages. */
async function describeDatabase(config: Config, sqliteCopy: string | undefined) {
  if (sqliteCopy) {
    const copy = new Database(sqliteCopy, { readonly: true, fileMustExist: true });
    try {
      const hasTable = (name: string) =>
        copy.prepare("select 1 from sqlite_master where type = 'table' and name = ?").get(name) !==
        undefined;
      const names = hasTable('kysely_migration')
        ? (
            copy.prepare('select name from kysely_migration order by name').all() as {
              name: string;
            }[]
          ).map((row) => row.name)
        : [];
      const version = hasTable('schema_version')
        ? (copy.prepare("select sharebin_version from schema_version where id = 'this'").get() as
            | { sharebin_version: string }
            | undefined)
        : undefined;
      const storages = hasTable('storage_configs')
        ? (copy
            .prepare(
              'select id, name, storage_type, root_path, bucket from storage_configs order by name',
            )
            .all() as StorageSummary[])
        : [];
      return { names, version: version?.sharebin_version, storages };
    } finally {
      copy.close();
    }
  }
  const database = openPostgres({
    connectionString: config.databaseUrl,
    maxConnections: 1,
    applicationName: 'sharebin-backup',
    onConnectionError: () => {},
  });
  try {
    await assertDatabaseReachable(database, config.databaseUrl);
    const storages = (await database.db
      .selectFrom('storage_configs')
      .select(['id', 'name', 'storage_type', 'root_path', 'bucket'])
      .orderBy('name')
      .execute()
      .catch(() => [])) as StorageSummary[];
    return {
      names: await appliedMigrations(database),
      version: await recordedVersion(database),
      storages,
    };
  } finally {
    await database.db.destroy();
  }
}

/**
 * `npm run backup -- --to DIR`. SQLite: an online backup (consistent while the server runs);
 * PostgreSQL: the `pg_dump` command to run. Then `secret.key`, the files of the local storages
 * under `DATA_DIR` (unless `includeFiles` is false) and `manifest.json`, written last: a folder
 * without one is an unfinished backup.
 */
export async function createBackup({
  config,
  to,
  includeFiles,
  print,
}: {
  config: Config;
  to: string;
  includeFiles: boolean;
  print: Print;
}): Promise<Manifest> {
  const target = path.resolve(to);
  if (!(await isEmptyFolder(target))) {
    throw new BackupError(`--to ${target} is not empty: back up into a new or empty folder`);
  }
  await mkdir(target, { recursive: true, mode: 0o700 });
  const engine = isPostgresUrl(config.databaseUrl) ? 'postgres' : 'sqlite';
  const files: BackupFile[] = [];

  let sqliteCopy: string | undefined;
  if (engine === 'sqlite') {
    const source = sqliteFileOf(config.databaseUrl);
    if (!existsSync(source)) {
      throw new BackupError(
        `DATA_DIR ${config.dataDir}: there is no database at ${source} to back up (check DATA_DIR and DATABASE_URL)`,
      );
    }
    sqliteCopy = path.join(target, DATABASE_FILE);
    // The online backup API copies a consistent snapshot while the server keeps writing.
    const live = new Database(source, { fileMustExist: true, timeout: 5000 });
    try {
      await live.backup(sqliteCopy);
    } finally {
      live.close();
    }
    // One self-contained file: no write-ahead log beside it.
    const copy = new Database(sqliteCopy);
    copy.pragma('journal_mode = DELETE');
    copy.close();
    await chmod(sqliteCopy, 0o600);
    files.push({ path: DATABASE_FILE, ...(await hashFile(sqliteCopy)) });
    print(`database      ${source} → ${DATABASE_FILE} (SQLite online backup)`);
  }
  const described = await describeDatabase(config, sqliteCopy);

  const secretKeyFile = path.join(config.dataDir, SECRET_KEY_FILE);
  let secretKey: Manifest['secretKey'] = 'none';
  if (config.secretKey) {
    secretKey = 'environment';
    print(
      'secret key    SECRET_KEY comes from the environment and is NOT in this backup: keep it with the backup (a restore without it cannot open stored credentials)',
    );
  } else if (existsSync(secretKeyFile)) {
    secretKey = 'file';
    const copied = await copyHashed(secretKeyFile, path.join(target, SECRET_KEY_FILE));
    files.push({ path: SECRET_KEY_FILE, ...copied });
    print(`secret key    ${secretKeyFile} → ${SECRET_KEY_FILE}`);
  }

  const storageRoot = path.join(config.dataDir, STORAGE_FOLDER);
  if (includeFiles) {
    let [count, bytes, vanished] = [0, 0, 0];
    for (const relative of await filesUnder(storageRoot)) {
      const inBackup = posix(path.join(STORAGE_FOLDER, relative));
      try {
        const copied = await copyHashed(
          path.join(storageRoot, relative),
          path.join(target, inBackup),
        );
        files.push({ path: inBackup, ...copied });
        count++;
        bytes += copied.size;
      } catch (error) {
        // Deleted by the running server since the listing (its share went with it).
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        await rm(path.join(target, inBackup), { force: true });
        vanished++;
      }
    }
    print(
      `files         ${count} files (${bytes} bytes) of the local storages under ${storageRoot}` +
        (vanished ? `; ${vanished} deleted by the server while the backup ran` : ''),
    );
  } else {
    print(
      `WARNING       --no-files: the uploaded files in ${storageRoot} are NOT in this backup; the database refers to them: copy that folder yourself, or a restore will have shares whose files are missing`,
    );
  }

  const notIncluded: Manifest['notIncluded'] = [];
  for (const storage of described.storages) {
    if (storage.storage_type === 's3') {
      notIncluded.push({
        id: storage.id,
        name: storage.name,
        type: 's3',
        where: `bucket ${storage.bucket}`,
      });
      print(
        `note          S3 storage "${storage.name}" (bucket ${storage.bucket}): its objects stay in the bucket and are not copied; protect them with the provider's versioning or replication`,
      );
    } else if (storage.root_path) {
      notIncluded.push({
        id: storage.id,
        name: storage.name,
        type: 'local',
        where: storage.root_path,
      });
      print(
        `WARNING       local storage "${storage.name}" keeps its files in ${storage.root_path}, outside DATA_DIR: they are NOT in this backup; back up that folder yourself`,
      );
    }
  }

  if (engine === 'postgres') {
    print(
      'database      PostgreSQL is not copied by this tool: dump it with pg_dump (the password is masked; put it back or set PGPASSWORD):',
    );
    print(
      `  pg_dump --format=custom --file='${path.join(target, POSTGRES_DUMP)}' '${maskUrlPassword(config.databaseUrl)}'`,
    );
  }

  const manifest: Manifest = {
    format: FORMAT,
    formatVersion: FORMAT_VERSION,
    sharebinVersion: VERSION,
    databaseVersion: described.version ?? null,
    createdAt: new Date().toISOString(),
    engine,
    migrations: { count: described.names.length, names: described.names },
    database:
      engine === 'sqlite'
        ? { file: DATABASE_FILE, madeBy: 'sqlite-online-backup' }
        : { file: POSTGRES_DUMP, madeBy: 'pg_dump' },
    secretKey,
    storageFiles: includeFiles ? 'included' : 'excluded',
    notIncluded,
    files,
  };
  await writeFile(path.join(target, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, {
    mode: 0o600,
  });
  print(
    `manifest      ${path.join(target, MANIFEST)} (${files.length} files, ${described.names.length} migrations)`,
  );
  return manifest;
}
