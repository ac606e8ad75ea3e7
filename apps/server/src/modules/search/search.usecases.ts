import type { Clock } from '../shared/clock';
import type { Db } from '../shared/db';
import { searchInvalidScope } from './search.errors';
import {
  ancestorsOf,
  childPath,
  entryPath,
  type FolderChild,
  folderPath,
  folders,
  foldName,
  type IndexEntry,
  isWithin,
  type SearchParams,
  splitPath,
  validateSearch,
} from './search.models';
import { createSearchRebuild } from './search.rebuild';
import type { EntryRow, SearchQueries, SearchRepository } from './search.repository';

/** Queried within the caller's scopes, so results and totals never show anything else. */
export function createSearchUseCases({
  repository,
  clock,
}: {
  repository: SearchRepository;
  clock: Clock;
}) {
  /** Rows for `entries` in each generation a write must reach (the live one, and a rebuild's). */
  const rowsFor = (
    mountId: string,
    generations: number[],
    entries: IndexEntry[],
    now: number,
  ): EntryRow[] =>
    generations.flatMap((generation) =>
      entries.map((entry) => {
        const { parentPath, name } = splitPath(entry.path);
        return {
          mount_id: mountId,
          generation,
          path: entry.path,
          parent_path: parentPath,
          name,
          name_folded: foldName(name),
          is_directory: entry.isDirectory ? 1 : 0,
          size: entry.size,
          modified_at: entry.modifiedAt,
          indexed_at: now,
        };
      }),
    );

  /** Folders above `paths`: a file written to `/a/b/c` implies `/a` and `/a/b`. */
  const ancestorFolders = (paths: string[]): IndexEntry[] =>
    folders([...new Set(paths.flatMap(ancestorsOf))]);

  const writeGenerations = async (repo: SearchQueries, mountId: string) => {
    const state = await repo.state(mountId);
    return state.building_generation === null
      ? [state.live_generation]
      : [state.live_generation, state.building_generation];
  };

  /** Known ancestor folders keep their own details. */
  const putWithAncestors = async (
    repo: SearchQueries,
    mountId: string,
    entries: IndexEntry[],
    impliedFolders: string[] = [],
  ) => {
    const generations = await writeGenerations(repo, mountId);
    const now = clock.now();
    const implied = [
      ...folders(impliedFolders),
      ...ancestorFolders([...entries.map((entry) => entry.path), ...impliedFolders]),
    ];
    await repo.putEntries(rowsFor(mountId, generations, implied, now), { overwrite: false });
    await repo.putEntries(rowsFor(mountId, generations, entries, now), { overwrite: true });
  };

  const requireMountId = (mountId: string) => {
    if (typeof mountId !== 'string' || mountId === '') throw searchInvalidScope('no mount id');
  };

  /** One transaction for fs-followers' batches, `alongside` rows included. */
  async function upsertTogether(
    groups: { mountId: string; entries: IndexEntry[] }[],
    alongside: (trx: Db) => Promise<void> = async () => {},
  ) {
    for (const { mountId } of groups) requireMountId(mountId);
    await repository.transaction(async (repo, trx) => {
      for (const { mountId, entries } of groups) {
        const normalised = entries.map((entry) => ({ ...entry, path: entryPath(entry.path) }));
        if (normalised.length > 0) await putWithAncestors(repo, mountId, normalised);
      }
      await alongside(trx);
    });
  }

  return {
    ...createSearchRebuild({ repository, clock, rowsFor, ancestorFolders }),

    /** Adds or updates entries (a write through Sharebin); their folders are added too. */
    async upsert(mountId: string, entries: IndexEntry[]) {
      requireMountId(mountId);
      if (entries.length > 0) await upsertTogether([{ mountId, entries }]);
    },

    upsertTogether,

    /** Forgets a path; `subtree` forgets everything below it too (a folder was removed). */
    async remove(mountId: string, path: string, { subtree = false }: { subtree?: boolean } = {}) {
      requireMountId(mountId);
      await repository.removePath(mountId, entryPath(path), { subtree });
    },

    /** A file or folder moved within its mount: its subtree takes the new paths. */
    async move(mountId: string, from: string, to: string) {
      requireMountId(mountId);
      const source = entryPath(from);
      const target = entryPath(to);
      if (source === target) return;
      if (isWithin(source, target)) throw searchInvalidScope('a folder cannot move into itself');
      await repository.transaction(async (repo) => {
        // What the target held is replaced, as the storage's move replaced it.
        await repo.removePath(mountId, target, { subtree: true });
        await repo.moveSubtree(mountId, source, target);
        await putWithAncestors(repo, mountId, [], ancestorsOf(target));
      });
    },

    /** One transaction; vanished children are forgotten with everything below them. */
    async replaceFolder(mountId: string, folder: string, children: FolderChild[]) {
      requireMountId(mountId);
      const parent = folderPath(folder);
      const listed = new Map<string, IndexEntry>();
      for (const child of children) {
        const path = childPath(parent, child.name);
        listed.set(path, {
          path,
          isDirectory: child.isDirectory,
          size: child.size,
          modifiedAt: child.modifiedAt,
        });
      }
      await repository.transaction(async (repo) => {
        for (const generation of await writeGenerations(repo, mountId)) {
          for (const known of await repo.children(mountId, generation, parent)) {
            const now = listed.get(known.path);
            // A folder that became a file (or is gone) takes its subtree with it.
            if (!now || (known.is_directory === 1 && !now.isDirectory)) {
              await repo.removePath(mountId, known.path, { subtree: known.is_directory === 1 });
            }
          }
        }
        await putWithAncestors(repo, mountId, [...listed.values()], parent === '/' ? [] : [parent]);
      });
    },

    /** A mount was deleted: its index goes with it. */
    async dropMount(mountId: string) {
      requireMountId(mountId);
      await repository.dropMount(mountId);
    },

    /** `total` is exact up to `SEARCH_TOTAL_CAP` (or the page's end); past it `totalCapped`. */
    async search(params: SearchParams) {
      const { q, scopes, limit, offset } = validateSearch(params);
      if (scopes.length === 0) return { hits: [], total: 0, totalCapped: false, limit, offset };
      const found = await repository.search({ q: foldName(q), scopes, limit, offset });
      return { ...found, limit, offset };
    },
  };
}

export type SearchUseCases = ReturnType<typeof createSearchUseCases>;
