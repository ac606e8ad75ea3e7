import { chmod, lstat, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Left in `DATA_DIR` once the walk below has run: later starts skip it. */
export const MODES_TIGHTENED_MARKER = '.modes-tightened';

/** Group and other bits: what owner-only files and folders must not have. */
const SHARED_BITS = 0o077;

/**
 * Installs from before `DATA_DIR` became owner-only hold 0644 files (uploads in local storage)
 * and 0755 folders: takes group and other access away from everything below `dataDir`, once
 * (a marker file records it). Symbolic links are neither followed nor changed: a link may point
 * out of the folder, at something that is not ours to change.
 */
export async function tightenDataDirModes(dataDir: string): Promise<number> {
  const marker = path.join(dataDir, MODES_TIGHTENED_MARKER);
  const alreadyDone = await lstat(marker).then(
    () => true,
    () => false,
  );
  if (alreadyDone) return 0;
  const changed = await tightenBelow(dataDir);
  await writeFile(marker, '', { mode: 0o600 });
  return changed;
}

async function tightenBelow(folder: string): Promise<number> {
  let changed = 0;
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    // Dirent types come from the entry itself (lstat semantics): a link is never a file here.
    if (!entry.isFile() && !entry.isDirectory()) continue;
    const entryPath = path.join(folder, entry.name);
    // Another instance sharing the folder may remove its own files (its write check) while
    // this walk runs: an entry that is gone has nothing left to tighten.
    const stats = await lstat(entryPath).catch(ignoreVanished);
    if (!stats) continue;
    if (stats.mode & SHARED_BITS) {
      await chmod(entryPath, stats.mode & 0o7777 & ~SHARED_BITS).catch(ignoreForeign);
      changed++;
    }
    if (entry.isDirectory()) changed += (await tightenBelow(entryPath).catch(ignoreVanished)) ?? 0;
  }
  return changed;
}

function ignoreVanished(error: NodeJS.ErrnoException): undefined {
  if (error.code !== 'ENOENT') throw error;
  return undefined;
}

/** A file someone else owns (a shared mount) cannot be changed; it is left as it is. */
function ignoreForeign(error: NodeJS.ErrnoException) {
  if (error.code !== 'EPERM' && error.code !== 'ENOENT') throw error;
}
