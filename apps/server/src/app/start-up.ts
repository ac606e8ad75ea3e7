import { constants } from 'node:fs';
import { access, chmod, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { migrateToLatest } from '../migrations';
import { type DatabaseHandle, withStartupLock } from '../modules/shared/db';
import { StartupError } from '../modules/shared/startup-error';
import type { Server } from './create-server';
import { tightenDataDirModes } from './data-dir-modes';

/** Why a folder cannot hold our data, in words an operator can act on. */
function describeFsError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  switch (code) {
    case 'EROFS':
      return 'it is on a read-only file system (EROFS)';
    case 'EACCES':
    case 'EPERM':
      return `this process (uid ${process.getuid?.() ?? '?'}) may not write to it (${code})`;
    case 'ENOSPC':
      return 'the disk is full (ENOSPC)';
    case 'ENOTDIR':
    case 'EEXIST':
      return `it is not a folder (${code})`;
    default:
      return error instanceof Error ? error.message : String(error);
  }
}

/**
 * `mkdir -p` that reports the real reason: Node's recursive mkdir says ENOENT when a parent
 * cannot be created (on a read-only file system, for one).
 */
async function createFolder(folder: string): Promise<void> {
  try {
    await mkdir(folder, { mode: 0o700 });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return;
    if (code !== 'ENOENT' || path.dirname(folder) === folder) throw error;
    await createFolder(path.dirname(folder));
    await mkdir(folder, { mode: 0o700 });
  }
}

/**
 * Creates `DATA_DIR` readable by the owner only (it holds the database and the secret key)
 * and proves that it can be written, so that a read-only or foreign folder fails here with its
 * path instead of later, deep inside SQLite or an upload.
 */
export async function prepareDataDir(dataDir: string): Promise<void> {
  const probe = path.join(dataDir, `.write-check-${process.pid}`);
  try {
    await createFolder(dataDir);
    // A folder from an older install may be 0755: it holds the database and the secret key.
    // A folder someone else owns (a shared mount) cannot be changed; the write check decides.
    await chmod(dataDir, 0o700).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPERM') throw error;
    });
    await access(dataDir, constants.W_OK);
    await writeFile(probe, '', { mode: 0o600 });
    await rm(probe);
    await tightenDataDirModes(dataDir);
  } catch (error) {
    throw new StartupError(
      `DATA_DIR ${dataDir} cannot be used: ${describeFsError(error)}. Point DATA_DIR at a ` +
        'writable folder or fix its permissions.',
      { cause: error },
    );
  }
}

/**
 * Brings the database to what this version needs: migrations, the `SECRET_KEY` check, the
 * first admin and the default storage. Instances starting together on one database take
 * turns, so that each step sees the others' work (one admin, one default storage).
 */
export async function initialiseInstance({
  database,
  server,
  admin,
}: {
  database: DatabaseHandle;
  server: Server;
  admin: { username: string; password?: string | undefined };
}) {
  return withStartupLock(database, async () => {
    await migrateToLatest(database);
    await server.useCases.instanceIdentity.verifySecretKey();
    const created = await server.useCases.auth.ensureAdmin(admin);
    await server.useCases.storage.ensureDefaultStorage();
    return { admin: created };
  });
}
