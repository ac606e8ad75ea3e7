import { statfsSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Db } from '../../shared/db';

/**
 * `statfs` magic numbers (linux/magic.h and the file systems' own headers) of file systems that
 * several machines can mount at once: network file systems, cluster file systems, and FUSE,
 * which GlusterFS, SSHFS, s3fs and their like go through.
 */
const SHARED_FILESYSTEM_TYPES = new Map<number, string>([
  [0x6969, 'NFS'],
  [0x517b, 'SMB'],
  [0xff534d42, 'CIFS'],
  [0xfe534d42, 'SMB2'],
  [0x65735546, 'FUSE'],
  [0x00c36400, 'Ceph'],
  [0x01021997, '9p'],
  [0x5346414f, 'AFS'],
  [0x6b414653, 'kAFS'],
  [0x7461636f, 'OCFS2'],
  [0x01161970, 'GFS2'],
  [0x0bd00bd0, 'Lustre'],
  [0x47504653, 'GPFS'],
  [0x013111a8, 'IBRIX'],
]);

/** The name of the shared file system with this `statfs` type, or undefined for a local one. */
export function sharedFilesystemName(type: number): string | undefined {
  // Unsigned: some platforms report the 0xFF… types as negative numbers.
  return SHARED_FILESYSTEM_TYPES.get(type >>> 0);
}

/** The nearest folder of `folder` that exists (a storage's folder appears with its first file). */
function existingAncestor(folder: string): string {
  let current = folder;
  for (;;) {
    try {
      statfsSync(current);
      return current;
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return current;
      current = parent;
    }
  }
}

/**
 * Several instances on one PostgreSQL database each see their own disk: a `local` storage they
 * do not share answers 404 for a file that another instance took. Logged once, at start, for
 * each local storage whose folder is not on a network or cluster file system.
 */
export async function warnAboutUnsharedLocalStorages({
  db,
  dataDir,
  logger,
}: {
  db: Db;
  dataDir: string;
  logger: Pick<Logger, 'warn'>;
}): Promise<void> {
  const storages = await db
    .selectFrom('storage_configs')
    .select(['id', 'name', 'root_path'])
    .where('storage_type', '=', 'local')
    .orderBy('name')
    .execute();
  for (const storage of storages) {
    const folder = storage.root_path ?? path.join(dataDir, 'storage', storage.id);
    const type = statfsSync(existingAncestor(folder)).type;
    if (sharedFilesystemName(type)) continue;
    logger.warn(
      { storage: storage.name, storageId: storage.id, folder, filesystemType: type >>> 0 },
      `local storage "${storage.name}" keeps its files in ${folder}, which is not on a shared file system: ` +
        'several Sharebin instances on this database need that folder shared (NFS, SMB, CephFS…) or an S3 storage instead',
    );
  }
}
