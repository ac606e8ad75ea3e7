import { cp, lstat, mkdir, readdir, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import {
  assertCanMakeFolder,
  assertCanTransfer,
  assertDeletableFolder,
  assertFolderKey,
  type DatedListResult,
  fileEntry,
  folderEntry,
  listDirectoryVia,
} from '../fs-port';
import type { ListOptions, StorageDriver } from '../storage-driver';
import { FsConflictError } from '../storage-driver.errors';
import type { Containment } from './local-containment';
import {
  errorCode,
  folderDatesOf,
  infoFromStats,
  isMissing,
  PRIVATE_FOLDER,
  removeEmptyParents,
} from './local-files';

type LocalFs = Pick<
  StorageDriver,
  'stat' | 'mkdir' | 'listDirectory' | 'deletePrefix' | 'move' | 'copyPrefix'
>;

/** Tries of a recursive mkdir that concurrent deletes keep undoing before it is a conflict. */
const MKDIR_ATTEMPTS = 5;

/**
 * Regular files under a folder, links not followed (they are not objects). A folder that a
 * concurrent delete takes away while it is counted holds nothing more to delete here.
 */
async function countFiles(folder: string): Promise<number> {
  try {
    const entries = await readdir(folder, { recursive: true, withFileTypes: true });
    return entries.filter((entry) => entry.isFile()).length;
  } catch (error) {
    if (isMissing(error)) return 0;
    throw error;
  }
}

/**
 * Copies a file or a folder; links are left out, so a copy never brings in what a link
 * pointed at. Answers how many files were copied.
 */
async function copyTree(source: string, target: string): Promise<number> {
  let files = 0;
  await cp(source, target, {
    recursive: true,
    errorOnExist: true,
    force: false,
    filter: async (path) => {
      const stats = await lstat(path);
      if (stats.isFile()) files++;
      return stats.isFile() || stats.isDirectory();
    },
  });
  return files;
}

/**
 * The file-system half of the local driver: folders are directories, so an empty folder
 * exists as itself, and `move` is a rename.
 */
export function createLocalFs({
  root,
  containment,
  listPage,
  self,
}: {
  root: string;
  containment: Containment;
  /** The driver's `list`, with the dates of the folders it lists. */
  listPage: (prefix: string, options: ListOptions) => Promise<DatedListResult>;
  self: () => StorageDriver;
}): LocalFs {
  return {
    async stat(key) {
      assertFolderKey(key);
      if (key === '') return folderEntry('');
      const stats = (await containment.locate(key))?.stats;
      if (stats?.isDirectory()) return folderEntry(key, folderDatesOf(stats));
      return stats?.isFile() ? fileEntry(infoFromStats(key, stats)) : null;
    },

    async mkdir(key) {
      await assertCanMakeFolder(self(), key);
      const path = await containment.writable(key);
      // A concurrent delete of a parent can take a folder away between two steps of the
      // recursive mkdir: ENOENT, or ENOTDIR/EEXIST when a step found the folder and then could
      // not stat it. The path is made again from where it then stands; a delete that keeps
      // winning is a conflict, not a server error.
      for (let attempt = 1; ; attempt++) {
        try {
          await mkdir(path, { recursive: true, mode: PRIVATE_FOLDER });
          return;
        } catch (error) {
          const code = errorCode(error);
          if (code !== 'ENOENT' && code !== 'ENOTDIR' && code !== 'EEXIST') throw error;
          // A file written meanwhile where the folder or a parent goes: the same conflict as
          // the check above would have named, had the file been there first.
          if (code !== 'ENOENT') await assertCanMakeFolder(self(), key);
          if (attempt === MKDIR_ATTEMPTS) throw new FsConflictError(key, 'changed_meanwhile');
        }
      }
    },

    listDirectory: (key, options) => listDirectoryVia(self(), key, options, listPage),

    async deletePrefix(key) {
      assertDeletableFolder(key);
      const path = await containment.contained(key);
      if (path === null) return 0;
      try {
        if (!(await lstat(path)).isDirectory()) return 0;
      } catch (error) {
        if (isMissing(error)) return 0;
        throw error;
      }
      const files = await countFiles(path);
      // rm removes links themselves and never descends through them.
      await rm(path, { recursive: true, force: true, maxRetries: 3 });
      await removeEmptyParents(root, key);
      return files;
    },

    async move(sourceKey, targetKey) {
      await assertCanTransfer(self(), sourceKey, targetKey);
      const source = await containment.writable(sourceKey);
      const target = await containment.writable(targetKey);
      await mkdir(dirname(target), { recursive: true, mode: PRIVATE_FOLDER });
      try {
        await rename(source, target);
      } catch (error) {
        // A mount point inside a host folder: copy, then remove the original.
        if (errorCode(error) !== 'EXDEV') throw error;
        await copyTree(source, target);
        await rm(source, { recursive: true, force: true, maxRetries: 3 });
      }
      await removeEmptyParents(root, sourceKey);
    },

    async copyPrefix(sourceKey, targetKey) {
      const entry = await assertCanTransfer(self(), sourceKey, targetKey);
      if (!entry.isDirectory) throw new FsConflictError(sourceKey, 'not_a_directory');
      const source = await containment.writable(sourceKey);
      const target = await containment.writable(targetKey);
      await mkdir(dirname(target), { recursive: true, mode: PRIVATE_FOLDER });
      return copyTree(source, target);
    },
  };
}
