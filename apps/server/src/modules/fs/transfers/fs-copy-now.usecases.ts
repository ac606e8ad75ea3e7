import { isPathWithin, type Principal } from '@sharebin/shared';
import { fsIntoItself, fsNotFound, fsVirtualPath } from '../fs.errors';
import type { FsChange } from '../fs-change.models';
import { childPath } from '../fs-entries.models';
import type { FsLocator, MountLocation } from '../fs-locator.usecases';
import type { FsQuota } from '../fs-quota.usecases';
import { keepParentFolder } from '../fs-write.usecases';
import { QUICK_RETRY_DELAYS_MS, streamFile, withRetries } from './fs-transfer.usecases';
import { folderChildren } from './fs-walk.usecases';

export interface FsCopyNowDeps {
  locator: FsLocator;
  quota: FsQuota;
  onChange: (changes: FsChange[]) => Promise<void>;
}

const sameStorage = (a: MountLocation, b: MountLocation) =>
  a.mount.storage_config_id === b.mount.storage_config_id;

const below = (folder: MountLocation, name: string, key: string): MountLocation => ({
  ...folder,
  path: childPath(folder.path, name),
  key,
});

/**
 * Copy and move that answer when they are done, for transports whose protocol says so
 * (WebDAV COPY and MOVE). The API's copy and move run as jobs instead (fs-transfer-job.ts);
 * both take the same paths through the locator, so permission is checked the same way. The
 * caller clears the target first when it means to replace it: here a target must be free.
 */
export function createFsCopyNowUseCases({ locator, quota, onChange }: FsCopyNowDeps) {
  const never = new AbortController().signal;

  /** One file: by the storage's own copy when both sides share it, else streamed through us. */
  async function copyFile(source: MountLocation, target: MountLocation, size: number) {
    await quota.whileHolding(target, size, () =>
      withRetries(
        never,
        async () => {
          if (sameStorage(source, target)) await target.storage.copy(source.key, target.key);
          else
            await streamFile(source.storage, source.key, target.storage, target.key, {
              signal: never,
              onBytes: () => {},
            });
        },
        QUICK_RETRY_DELAYS_MS,
      ),
    );
  }

  /** A folder and, when `recursive`, everything in it, file by file (memory: one page). */
  async function copyFolder(source: MountLocation, target: MountLocation, recursive: boolean) {
    await target.storage.mkdir(target.key);
    if (!recursive) return;
    for await (const { key, entry } of folderChildren(source.storage, source.key)) {
      const from = below(source, entry.name, key);
      const to = below(
        target,
        entry.name,
        target.key === '' ? entry.name : `${target.key}/${entry.name}`,
      );
      if (entry.isDirectory) await copyFolder(from, to, true);
      else await copyFile(from, to, entry.size);
    }
  }

  async function sourceOf(principal: Principal, path: string, forMove: boolean) {
    const location = forMove
      ? await locator.write(principal, path)
      : await locator.read(principal, path);
    if (location.kind === 'virtual') throw fsVirtualPath(path);
    const entry = await location.storage.stat(location.key);
    if (!entry) throw fsNotFound(path);
    return { location, entry };
  }

  return {
    /** Copies `from` to the free path `to`; a folder with its content unless `recursive` is false. */
    async copy(principal: Principal, from: string, to: string, { recursive = true } = {}) {
      const { location: source, entry } = await sourceOf(principal, from, false);
      const target = await locator.write(principal, to);
      if (entry.isDirectory && recursive && isPathWithin(from, to)) throw fsIntoItself(from, to);
      if (entry.isDirectory) await copyFolder(source, target, recursive);
      else await copyFile(source, target, entry.size);
      await onChange([
        { kind: 'written', location: target, isDirectory: entry.isDirectory, size: entry.size },
      ]);
    },

    /** Moves `from` to the free path `to`: inside one storage by the storage, else copy then delete. */
    async move(principal: Principal, from: string, to: string) {
      const { location: source, entry } = await sourceOf(principal, from, true);
      const target = await locator.write(principal, to);
      const isDirectory = entry.isDirectory;
      if (isDirectory && isPathWithin(from, to)) throw fsIntoItself(from, to);
      if (sameStorage(source, target)) {
        await target.storage.move(source.key, target.key);
      } else {
        if (isDirectory) await copyFolder(source, target, true);
        else await copyFile(source, target, entry.size);
        // The source goes only once every byte is at the target.
        if (isDirectory) await source.storage.deletePrefix(source.key);
        else await source.storage.delete(source.key);
      }
      await keepParentFolder(source);
      await onChange(
        source.mount.id === target.mount.id
          ? [{ kind: 'moved', from: source, location: target, isDirectory }]
          : [
              { kind: 'written', location: target, isDirectory, size: entry.size },
              { kind: 'removed', location: source, subtree: isDirectory, movedTo: target },
            ],
      );
    },
  };
}

export type FsCopyNowUseCases = ReturnType<typeof createFsCopyNowUseCases>;
