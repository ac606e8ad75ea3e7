import { BASKET_WARNING_SIZE_MB, type FsEntry } from '@sharebin/shared';

/** One file or folder waiting in the basket, by its path as the fs API takes it. */
export interface BasketEntry {
  path: string;
  name: string;
  isDirectory: boolean;
  /** Bytes for files; null for folders, whose size is known only to the server. */
  size: number | null;
  /** The first segment of the path: where the entry lives, shown with its folder. */
  mount: string;
}

/** What an add did, so the user can be told why fewer entries arrived than were picked. */
export interface AddOutcome {
  entries: BasketEntry[];
  added: number;
  /** Already in the basket, or inside a folder that is. */
  alreadyIn: number;
  /** Basket entries dropped because a folder added now holds them. */
  absorbed: number;
}

export interface BasketGroup {
  folder: string;
  entries: BasketEntry[];
  /** Bytes of the group's files (folders count as unknown, so as nothing). */
  size: number;
  hasFolders: boolean;
}

export const BASKET_WARNING_BYTES = BASKET_WARNING_SIZE_MB * 1024 * 1024;

export function basketEntryOf(entry: FsEntry): BasketEntry {
  return {
    path: entry.path,
    name: entry.name,
    isDirectory: entry.is_directory,
    size: entry.is_directory ? null : entry.size,
    mount: entry.path.split('/').find((segment) => segment !== '') ?? '',
  };
}

export function folderOf(path: string): string {
  const cut = path.lastIndexOf('/');
  return cut <= 0 ? '/' : path.slice(0, cut);
}

/** Whole-segment containment: `/a/b` holds `/a/b/c`, not `/a/bc`. */
function holds(folder: string, path: string): boolean {
  return path.startsWith(folder.endsWith('/') ? folder : `${folder}/`);
}

/**
 * Adds entries once each: an entry already in the basket or inside a folder of the basket is
 * skipped (the zip holds it already); a folder replaces the basket entries inside it.
 */
export function addToBasket(basket: readonly BasketEntry[], incoming: readonly BasketEntry[]) {
  let entries = [...basket];
  let added = 0;
  let alreadyIn = 0;
  let absorbed = 0;
  for (const entry of incoming) {
    const covered = entries.some(
      (kept) => kept.path === entry.path || (kept.isDirectory && holds(kept.path, entry.path)),
    );
    if (covered) {
      alreadyIn += 1;
      continue;
    }
    if (entry.isDirectory) {
      const outside = entries.filter((kept) => !holds(entry.path, kept.path));
      absorbed += entries.length - outside.length;
      entries = outside;
    }
    entries.push(entry);
    added += 1;
  }
  return { entries, added, alreadyIn, absorbed } satisfies AddOutcome;
}

export const sizeOf = (entries: readonly BasketEntry[]): number =>
  entries.reduce((total, entry) => total + (entry.size ?? 0), 0);

/** Entries by the folder they sit in, folders in path order, folders before files inside. */
export function groupByFolder(entries: readonly BasketEntry[]): BasketGroup[] {
  const groups = new Map<string, BasketEntry[]>();
  for (const entry of entries) {
    const folder = folderOf(entry.path);
    groups.set(folder, [...(groups.get(folder) ?? []), entry]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([folder, members]) => ({
      folder,
      entries: [...members].sort(
        (a, b) => Number(b.isDirectory) - Number(a.isDirectory) || a.name.localeCompare(b.name),
      ),
      size: sizeOf(members),
      hasFolders: members.some((entry) => entry.isDirectory),
    }));
}

/** Reads a stored basket, keeping only well-formed entries (storage is user-editable). */
export function parseBasket(raw: string | null): BasketEntry[] {
  if (raw === null) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value.filter(
    (item): item is BasketEntry =>
      typeof item === 'object' &&
      item !== null &&
      typeof item.path === 'string' &&
      typeof item.name === 'string' &&
      typeof item.isDirectory === 'boolean' &&
      (item.size === null || typeof item.size === 'number') &&
      typeof item.mount === 'string',
  );
}
