// Core pinning of the benchmarks that talk to an S3 endpoint (s3rver) on this machine.

import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';

/**
 * Puts `storagePid` on the last core and `others` (and this process) on the rest; answers
 * whether it could. A real S3 endpoint runs on machines of its own: pinned, the storage gets the
 * same CPU with and without our server in the path, instead of the server's work being taken out
 * of the storage's share. Off with BENCH_PIN=0, and without `taskset` or a second core.
 */
export function pinStorageApart(storagePid: number, others: number[]) {
  const cores = availableParallelism();
  if (process.env.BENCH_PIN === '0') return false;
  if (cores < 2 || spawnSync('taskset', ['-V']).status !== 0) return false;
  const pin = (pid: number, cpus: string) =>
    spawnSync('taskset', ['-a', '-cp', cpus, String(pid)]).status === 0;
  const rest = cores === 2 ? '0' : `0-${cores - 2}`;
  return (
    pin(storagePid, String(cores - 1)) && [...others, process.pid].every((pid) => pin(pid, rest))
  );
}
