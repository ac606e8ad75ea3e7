import { randomBytes } from 'node:crypto';
import { readlinkSync } from 'node:fs';
import { hostname } from 'node:os';

/**
 * Who owns a write that this process streams (an `fs_uploads` row, a local temp file), so that
 * another process can tell a write whose process is gone (killed, crashed) from one under way.
 *
 * The id is `<host>~<pid namespace>~<pid>~<nonce>`: safe in a file name, and new at every start
 * (the nonce), since a restarted container runs as PID 1 again under the same host name.
 */
export interface ProcessIdentity {
  id: string;
  /** Whether the process that wrote `ownerId` has certainly stopped, runs (this one), or either. */
  stateOf(ownerId: string): 'gone' | 'alive' | 'unknown';
}

/** The pid namespace (`pid:[4026531836]` on Linux): pids compare only within one. */
function pidNamespace(): string {
  try {
    return readlinkSync('/proc/self/ns/pid').replace(/\D/g, '') || 'none';
  } catch {
    return 'none';
  }
}

const isRunning = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs under another user.
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
};

const safe = (value: string) => value.replace(/[^A-Za-z0-9.-]/g, '_');

/**
 * The rule: an owner on this host and pid namespace is gone when its pid runs no process, or
 * when its pid is ours under another nonce (our predecessor: a container's PID 1 restarted). A
 * running pid may be reused by an unrelated process, and an owner elsewhere (another host or
 * container) cannot be probed: both are 'unknown', left to the staleness of the write's
 * activity (see fs-uploads.housekeeping.ts).
 */
export function createProcessIdentity({
  host = hostname(),
  pid = process.pid,
  namespace = pidNamespace(),
  running = isRunning,
}: {
  host?: string;
  pid?: number;
  namespace?: string;
  running?: (pid: number) => boolean;
} = {}): ProcessIdentity {
  const place = `${safe(host)}~${namespace}`;
  const id = `${place}~${pid}~${randomBytes(6).toString('hex')}`;
  return {
    id,
    stateOf(ownerId) {
      if (ownerId === id) return 'alive';
      const parts = ownerId.split('~');
      if (parts.length !== 4 || `${parts[0]}~${parts[1]}` !== place) return 'unknown';
      const ownerPid = Number(parts[2]);
      if (!Number.isSafeInteger(ownerPid) || ownerPid <= 0) return 'unknown';
      if (ownerPid === pid || !running(ownerPid)) return 'gone';
      return 'unknown';
    },
  };
}

/** This process. */
export const currentProcess: ProcessIdentity = createProcessIdentity();
