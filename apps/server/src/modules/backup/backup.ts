import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import {
  chmod,
  lstat,
  mkdir,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import Database from 'better-sqlite3';
import type { Config } from '../../app/config';
import { VERSION } from '../../app/version';
import { migrations } from '../../migrations';
import {
  appliedMigrations,
  newerSchemaMessage,
  recordedVersion,
  unknownMigrations,
} from '../../migrations/schema-version';
import { openPostgres } from '../shared/db';
import { assertDatabaseReachable } from '../shared/db-startup';
import { isPostgresUrl, maskUrlPassword, sqliteFileOf } from '../shared/db-url';
import { MULTIPART_FOLDER, TEMP_FOLDER } from '../storage/drivers/local/local-files';

export const MANIFEST = 'manifest.json';
const FORMAT = 'sharebin-backup';
const FORMAT_VERSION = 1;
const DATABASE_FILE = 'sharebin.db';
const SECRET_KEY_FILE = 'secret.key';
const STORAGE_FOLDER = 'storage';
/** What `pg_dump` is told to write into the backup folder (the tool prints the command). */
const POSTGRES_DUMP = 'postgres.dump';

/** A backup or restore that cannot go on; the message says what to do instead. */
export class BackupError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'BackupError';
  }
}

export interface BackupFile {
  /** Relative to the backup folder, with `/` separators. */
  path: string;
  size: number;
  sha256: string;
}

interface StorageSummary {
  id: string;
  name: string;
  storage_type: 'local' | 's3';
  root_path: string | null;
  bucket: string;
}

export interface Manifest {
  format: typeof FORMAT;
  formatVersion: number;
  sharebinVersion: string;
  /** The Sharebin version that last migrated the database, if recorded. */
  databaseVersion: string | null;
  createdAt: string;
  engine: 'sqlite' | 'postgres';
  migrations: { count: number; names: string[] };
  /** SQLite: the file in this backup; PostgreSQL: the dump `pg_dump` was told to write. */
  database: { file: string; madeBy: 'sqlite-online-backup' | 'pg_dump' };
  secretKey: 'file' | 'environment' | 'none';
  /** Whether the files of the local storages under `DATA_DIR` are in this backup. */
  storageFiles: 'included' | 'excluded';
  /** Storages whose bytes are not in this backup (S3 buckets, local host folders). */
  notIncluded: { id: string; name: string; type: 'local' | 's3'; where: string }[];
  files: BackupFile[];
}

type Print = (line: string) => void;

/** Copies `from` to `to` (created owner-only), answering its size and SHA-256. */
async function copyHashed(from: string, to: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  await mkdir(path.dirname(to), { recursive: true, mode: 0o700 });
  await pipeline(
    createReadStream(from),
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    }),
    createWriteStream(to, { mode: 0o600 }),
  );
  return { size, sha256: hash.digest('hex') };
}

async function hashFile(file: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { size, sha256: hash.digest('hex') };
}

/** The local driver's own folders: files being written, parts of unfinished multipart uploads. */
const WORK_FOLDERS = new Set([TEMP_FOLDER, MULTIPART_FOLDER]);

/**
 * Regular files under the storage folder `folder`, relative to it, without the driver's work
 * folders (a restored server sweeps uploads that never finished): those are reserved only
 * directly under `<configId>/`, a user's `docs/.tmp/` is data. Symbolic links are not followed.
 */
async function filesUnder(folder: string, prefix = ''): Promise<string[]> {
  if (!existsSync(folder)) return [];
  const found: string[] = [];
  const inStorageRoot = prefix !== '' && path.dirname(prefix) === '.';
  for (const entry of await readdir(path.join(folder, prefix), { withFileTypes: true })) {
    const relative = path.join(prefix, entry.name);
    if (inStorageRoot && entry.isDirectory() && WORK_FOLDERS.has(entry.name)) continue;
    if (entry.isDirectory()) found.push(...(await filesUnder(folder, relative)));
    else if (entry.isFile()) found.push(relative);
  }
  return found.sort();
}

const posix = (relative: string) => relative.split(path.sep).join('/');

/** True when `folder` does not exist or holds nothing. */
async function isEmptyFolder(folder: string): Promise<boolean> {
  if (!existsSync(folder)) return true;
  return (await readdir(folder)).length === 0;
}

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

/** Reads and checks a backup folder: the manifest, every file's size and SHA-256. */
async function readBackup(from: string): Promise<Manifest> {
  const file = path.join(from, MANIFEST);
  if (!existsSync(file)) {
    throw new BackupError(
      `--from ${from} holds no ${MANIFEST}: it is not a Sharebin backup, or the backup did not finish`,
    );
  }
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(file, 'utf8')) as Manifest;
  } catch (error) {
    throw new BackupError(
      `--from ${from}: ${MANIFEST} cannot be read (${(error as Error).message})`,
    );
  }
  if (manifest.format !== FORMAT || !Array.isArray(manifest.files)) {
    throw new BackupError(`--from ${from}: ${MANIFEST} is not the manifest of a Sharebin backup`);
  }
  if (manifest.formatVersion > FORMAT_VERSION) {
    throw new BackupError(
      `--from ${from} was written by Sharebin ${manifest.sharebinVersion} in a newer backup format (${manifest.formatVersion}); restore it with that version`,
    );
  }
  const listed = new Set<string>();
  for (const entry of manifest.files) {
    const relative = entry?.path;
    if (!isBackupPath(relative)) {
      throw new BackupError(
        `--from ${from}: ${MANIFEST} names a file outside the backup (${String(relative)})`,
      );
    }
    listed.add(relative);
    const full = await backupFile(from, relative);
    const found = full ? await hashFile(full) : undefined;
    if (!found || found.size !== entry.size || found.sha256 !== entry.sha256) {
      throw new BackupError(
        `--from ${from} is damaged: ${entry.path} is ${found ? 'not what the manifest says (size or SHA-256 differ)' : 'missing'}`,
      );
    }
  }
  const databaseFile = manifest.engine === 'postgres' ? POSTGRES_DUMP : DATABASE_FILE;
  if (
    manifest.database?.file !== databaseFile ||
    (manifest.engine !== 'postgres' && !listed.has(DATABASE_FILE)) ||
    (manifest.secretKey === 'file' && !listed.has(SECRET_KEY_FILE))
  ) {
    throw new BackupError(
      `--from ${from}: ${MANIFEST} does not list the database and secret key this backup should hold`,
    );
  }
  return manifest;
}

/**
 * A path `manifest.json` may name: `sharebin.db`, `secret.key` or `storage/…`, relative, in
 * normal form, without empty, `.` or `..` parts.
 */
function isBackupPath(relative: unknown): relative is string {
  if (typeof relative !== 'string' || relative === '') return false;
  if (path.posix.isAbsolute(relative) || path.posix.normalize(relative) !== relative) return false;
  if (relative.split('/').some((part) => part === '' || part === '.' || part === '..')) {
    return false;
  }
  return (
    relative === DATABASE_FILE ||
    relative === SECRET_KEY_FILE ||
    relative.startsWith(`${STORAGE_FOLDER}/`)
  );
}

/** `relative` under `root`, refused when it would resolve outside it. */
function under(root: string, relative: string): string {
  const base = path.resolve(root);
  const full = path.resolve(base, ...relative.split('/'));
  if (!full.startsWith(base + path.sep)) {
    throw new BackupError(`${relative} would be outside ${base}`);
  }
  return full;
}

/**
 * The file `relative` names in the backup folder, or undefined when it is missing; a symbolic
 * link anywhere on the way (or a non-file) is refused: a backup holds plain files only.
 */
async function backupFile(from: string, relative: string): Promise<string | undefined> {
  const full = under(from, relative);
  const parts = relative.split('/');
  for (let depth = 1; depth <= parts.length; depth++) {
    const probe = path.join(from, ...parts.slice(0, depth));
    const info = await lstat(probe).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return undefined;
      throw error;
    });
    if (!info) return undefined;
    const expected = depth === parts.length ? info.isFile() : info.isDirectory();
    if (info.isSymbolicLink() || !expected) {
      throw new BackupError(
        `--from ${from}: ${parts.slice(0, depth).join('/')} is a symbolic link or not a plain ${depth === parts.length ? 'file' : 'folder'}; a backup holds plain files only`,
      );
    }
  }
  return full;
}

/**
 * Fails when a process has the SQLite database open (a running server): an exclusive lock
 * cannot be had while any other connection holds the file, even an idle one.
 */
function refuseDatabaseInUse(file: string): void {
  if (!existsSync(file)) return;
  const probe = new Database(file, { fileMustExist: true, timeout: 0 });
  try {
    probe.pragma('locking_mode = EXCLUSIVE');
    probe.exec('begin exclusive');
    probe.exec('commit');
  } catch (error) {
    if ((error as { code?: string }).code?.startsWith('SQLITE_BUSY')) {
      throw new BackupError(
        `the database ${file} is in use: a Sharebin server (or another program) has it open; stop it before restoring`,
      );
    }
    throw error;
  } finally {
    probe.close();
  }
}

/** What `DATA_DIR` holds already that a restore would replace. */
async function existingData(config: Config, engine: Manifest['engine']): Promise<string[]> {
  const found: string[] = [];
  if (engine === 'sqlite') {
    const file = sqliteFileOf(config.databaseUrl);
    if (existsSync(file) && (await stat(file)).size > 0) found.push(file);
  }
  const secretKeyFile = path.join(config.dataDir, SECRET_KEY_FILE);
  if (existsSync(secretKeyFile)) found.push(secretKeyFile);
  const storageRoot = path.join(config.dataDir, STORAGE_FOLDER);
  if ((await filesUnder(storageRoot)).length > 0) found.push(`${storageRoot}/`);
  return found;
}

/**
 * `npm run restore -- --from DIR`: checks the backup (manifest, sizes, SHA-256, a version this
 * code can run), refuses a database in use and a `DATA_DIR` that holds data unless `force`,
 * then puts the database (SQLite), `secret.key` and the storage files back.
 */
export async function restoreBackup({
  config,
  from,
  force,
  print,
}: {
  config: Config;
  from: string;
  force: boolean;
  print: Print;
}): Promise<Manifest> {
  const source = path.resolve(from);
  const manifest = await readBackup(source);
  const unknown = unknownMigrations(manifest.migrations.names, Object.keys(migrations));
  if (unknown.length > 0) {
    throw new BackupError(
      newerSchemaMessage({
        subject: 'this backup',
        version: manifest.databaseVersion ?? manifest.sharebinVersion,
        unknown,
      }),
    );
  }
  const engine = isPostgresUrl(config.databaseUrl) ? 'postgres' : 'sqlite';
  if (manifest.engine !== engine) {
    throw new BackupError(
      `this backup holds a ${manifest.engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'} database, but DATABASE_URL points at ${engine === 'sqlite' ? 'a SQLite file' : 'PostgreSQL'}: restore it with the same kind of database`,
    );
  }
  const databaseFile = engine === 'sqlite' ? sqliteFileOf(config.databaseUrl) : undefined;
  if (databaseFile) refuseDatabaseInUse(databaseFile);
  const existing = await existingData(config, engine);
  if (existing.length > 0 && !force) {
    throw new BackupError(
      `DATA_DIR ${config.dataDir} is not empty (${existing.join(', ')}): restore into an empty DATA_DIR, or add --force to replace what is there`,
    );
  }

  await mkdir(config.dataDir, { recursive: true, mode: 0o700 });
  if (databaseFile) {
    // Copied beside the target, then renamed over it: a restore cut short leaves the old file.
    const incoming = `${databaseFile}.restoring`;
    await copyHashed(under(source, DATABASE_FILE), incoming);
    for (const stale of [databaseFile, `${databaseFile}-wal`, `${databaseFile}-shm`]) {
      await rm(stale, { force: true });
    }
    await rename(incoming, databaseFile);
    print(`database      ${manifest.database.file} → ${databaseFile}`);
  } else {
    const dump = under(source, POSTGRES_DUMP);
    print(
      `database      PostgreSQL is not restored by this tool: ${existsSync(dump) ? `load ${dump}` : 'load the dump you made with pg_dump'} with pg_restore (the password is masked; put it back or set PGPASSWORD), every instance stopped:`,
    );
    print(
      `  pg_restore --clean --if-exists --no-owner --dbname='${maskUrlPassword(config.databaseUrl)}' '${dump}'`,
    );
  }

  const secretKeyFile = path.join(config.dataDir, SECRET_KEY_FILE);
  if (manifest.secretKey === 'file') {
    await copyHashed(under(source, SECRET_KEY_FILE), secretKeyFile);
    print(`secret key    ${SECRET_KEY_FILE} → ${secretKeyFile}`);
  } else if (manifest.secretKey === 'environment') {
    print(
      'secret key    the backed-up server took SECRET_KEY from its environment: start this one with the same SECRET_KEY',
    );
  }

  const storageRoot = path.join(config.dataDir, STORAGE_FOLDER);
  const storageFiles = manifest.files.filter((file) => file.path.startsWith(`${STORAGE_FOLDER}/`));
  if (manifest.storageFiles === 'included') {
    if (existsSync(storageRoot) && (await lstat(storageRoot)).isDirectory()) {
      await rm(storageRoot, { recursive: true, force: true });
    }
    for (const file of storageFiles) {
      await copyHashed(
        under(source, file.path),
        under(storageRoot, file.path.slice(STORAGE_FOLDER.length + 1)),
      );
    }
    print(`files         ${storageFiles.length} files → ${storageRoot}`);
  } else {
    print(
      `WARNING       this backup was made with --no-files: it has no uploaded files; put ${storageRoot} back from your own copy`,
    );
  }
  for (const storage of manifest.notIncluded ?? []) {
    print(
      `note          storage "${storage.name}" (${storage.where}) was not in the backup: its files are where they were`,
    );
  }
  return manifest;
}
