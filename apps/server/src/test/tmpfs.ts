import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface Tmpfs {
  path: string;
  unmount(): void;
}

/**
 * A real, small file system of its own (a full disk, a read-only folder), when this machine
 * lets us mount one (root, or a container with CAP_SYS_ADMIN). Answers why not otherwise.
 */
export function mountTmpfs(options: {
  sizeBytes: number;
  readOnly?: boolean;
  /** An empty folder to mount on; a new temporary one by default. */
  at?: string;
}): Tmpfs | string {
  const mountPoint = options.at ?? mkdtempSync(path.join(tmpdir(), 'sharebin-tmpfs-'));
  const flags = [`size=${options.sizeBytes}`, 'mode=0700', ...(options.readOnly ? ['ro'] : [])];
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', flags.join(','), 'tmpfs', mountPoint], {
      stdio: 'pipe',
    });
  } catch (error) {
    rmSync(mountPoint, { recursive: true, force: true });
    const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim();
    return `this machine cannot mount a tmpfs (${stderr || String(error)})`;
  }
  return {
    path: mountPoint,
    unmount() {
      execFileSync('umount', [mountPoint]);
      rmSync(mountPoint, { recursive: true, force: true });
    },
  };
}
