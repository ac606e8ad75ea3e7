import { existsSync } from 'node:fs';
import { lstat, mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Config } from '../../app/config';
import { migrations } from '../../migrations';
import { newerSchemaMessage, unknownMigrations } from '../../migrations/schema-version';
import { isPostgresUrl, maskUrlPassword, sqliteFileOf } from '../shared/db-url';

import {
  BackupError,
  copyHashed,
  DATABASE_FILE,
  FORMAT,
  FORMAT_VERSION,
  filesUnder,
  hashFile,
  MANIFEST,
  type Manifest,
  POSTGRES_DUMP,
  type Print,
  SECRET_KEY_FILE,
  STORAGE_FOLDER,
} from './backup-format';

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
