import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Thumbnails kept on disk under `dir`, named by a hash of what they show (the file's path,
 * version and the size asked): a changed file gets a new name, and the old one ages out. The
 * cache holds at most `maxBytes`: past it, the least recently written go first.
 */
export function createThumbnailCache({ dir, maxBytes }: { dir: string; maxBytes: number }) {
  /** What the cache holds, learnt from the disk on first use and kept up to date after. */
  let known: Promise<Map<string, { size: number; at: number }>> | null = null;
  let total = 0;

  const fileOf = (key: string) => path.join(dir, key.slice(0, 2), `${key}.webp`);

  async function scan() {
    const entries = new Map<string, { size: number; at: number }>();
    total = 0;
    for (const shard of await readdir(dir).catch(() => [] as string[])) {
      for (const name of await readdir(path.join(dir, shard)).catch(() => [] as string[])) {
        const info = await stat(path.join(dir, shard, name)).catch(() => null);
        if (!info?.isFile() || !name.endsWith('.webp')) continue;
        entries.set(name.slice(0, -5), { size: info.size, at: info.mtimeMs });
        total += info.size;
      }
    }
    return entries;
  }

  async function evict(entries: Map<string, { size: number; at: number }>) {
    if (total <= maxBytes) return;
    const oldestFirst = [...entries].sort((a, b) => a[1].at - b[1].at);
    for (const [key, entry] of oldestFirst) {
      if (total <= maxBytes * 0.9) break;
      await unlink(fileOf(key)).catch(() => {});
      entries.delete(key);
      total -= entry.size;
    }
  }

  return {
    keyOf: (...parts: (string | number | null)[]) =>
      createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 40),

    get: (key: string): Promise<Buffer | null> => readFile(fileOf(key)).catch(() => null),

    /**
     * Written whole or not at all (a temp file renamed into place), then the bound held. A write
     * that fails (a full disk) leaves no part behind.
     */
    async put(key: string, bytes: Buffer): Promise<void> {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
      try {
        await writeFile(temp, bytes);
        await rename(temp, file);
      } catch (error) {
        await unlink(temp).catch(() => {});
        throw error;
      }
      known ??= scan();
      const entries = await known;
      const previous = entries.get(key);
      total += bytes.length - (previous?.size ?? 0);
      entries.set(key, { size: bytes.length, at: Date.now() });
      await evict(entries);
    },

    /** Everything goes (tests, and an operator's "clear caches"). */
    async clear(): Promise<void> {
      await rm(dir, { recursive: true, force: true });
      known = null;
      total = 0;
    },
  };
}

export type ThumbnailCache = ReturnType<typeof createThumbnailCache>;
