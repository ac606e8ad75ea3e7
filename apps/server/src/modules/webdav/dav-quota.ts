import { statfs } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { StorageConfig } from '@sharebin/shared';
import { remainingBytes } from '../storage/configs/storage.models';

/** A storage's room as RFC 4331 shows it on its collections, in bytes. */
export interface StorageSpace {
  availableBytes: number;
  usedBytes: number;
}

/** The space of the storage that holds a virtual path; null where none is known. */
export type DavQuota = (path: string) => Promise<StorageSpace | null>;

type FileSystemFigures = { bsize: number; blocks: number; bfree: number; bavail: number };

export interface DavQuotaDeps {
  /** The storage config of the mount that holds `path`; null above the mounts. */
  storageAt: (path: string) => Promise<string | null>;
  /**
   * The storage as the API shows it: its capacity, and `used_bytes`, what file shares and
   * file-system writes under way hold (`storage_usage`), the count uploads are refused by.
   */
  configOf: (
    storageConfigId: string,
  ) => Promise<Pick<StorageConfig, 'storage_type' | 'total_capacity_bytes' | 'used_bytes'>>;
  /** The folder of a local storage on this machine. */
  localFolderOf: (storageConfigId: string) => Promise<string>;
  /** The file system's figures of a folder (node's `statfs`; tests give their own). */
  statfsOf?: (folder: string) => Promise<FileSystemFigures>;
}

/**
 * The figures of the file system a folder is on. A storage's folder is made by its first write:
 * until then, its nearest existing parent's (the same file system it will be made on).
 */
async function nearestFigures(
  folder: string,
  statfsOf: (folder: string) => Promise<FileSystemFigures>,
): Promise<FileSystemFigures> {
  try {
    return await statfsOf(folder);
  } catch (error) {
    const parent = dirname(folder);
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || parent === folder) throw error;
    return nearestFigures(parent, statfsOf);
  }
}

/**
 * RFC 4331 quota from what the server knows. A storage with a capacity: the capacity less what
 * it holds, by the count uploads are refused by. A local one without: its file system's free
 * space, and the file system's used bytes (what the storage folder alone holds would take a
 * walk of the whole folder on every look). S3 without a capacity has no bound to tell: null.
 */
export function createDavQuota({
  storageAt,
  configOf,
  localFolderOf,
  statfsOf = statfs,
}: DavQuotaDeps): DavQuota {
  return async (path) => {
    const storageConfigId = await storageAt(path);
    if (storageConfigId === null) return null;
    const config = await configOf(storageConfigId);
    const remaining = remainingBytes(config);
    if (remaining !== null) return { availableBytes: remaining, usedBytes: config.used_bytes };
    if (config.storage_type !== 'local') return null;
    const disk = await nearestFigures(await localFolderOf(storageConfigId), statfsOf);
    return {
      availableBytes: disk.bavail * disk.bsize,
      usedBytes: (disk.blocks - disk.bfree) * disk.bsize,
    };
  };
}
