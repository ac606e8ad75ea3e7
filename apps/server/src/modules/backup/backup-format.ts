import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MULTIPART_FOLDER, TEMP_FOLDER } from '../storage/drivers/local/local-files';

// What a backup folder holds, and the copying and hashing its writer and its reader share.

export const MANIFEST = 'manifest.json';
export const FORMAT = 'sharebin-backup';
export const FORMAT_VERSION = 1;
export const DATABASE_FILE = 'sharebin.db';
export const SECRET_KEY_FILE = 'secret.key';
export const STORAGE_FOLDER = 'storage';
/** What `pg_dump` is told to write into the backup folder (the tool prints the command). */
export const POSTGRES_DUMP = 'postgres.dump';

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

export interface StorageSummary {
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

export type Print = (line: string) => void;

/** Copies `from` to `to` (created owner-only), answering its size and SHA-256. */
export async function copyHashed(
  from: string,
  to: string,
): Promise<{ size: number; sha256: string }> {
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

export async function hashFile(file: string): Promise<{ size: number; sha256: string }> {
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
export async function filesUnder(folder: string, prefix = ''): Promise<string[]> {
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

export const posix = (relative: string) => relative.split(path.sep).join('/');

/** True when `folder` does not exist or holds nothing. */
export async function isEmptyFolder(folder: string): Promise<boolean> {
  if (!existsSync(folder)) return true;
  return (await readdir(folder)).length === 0;
}
