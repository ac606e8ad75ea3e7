import { readdirSync } from 'node:fs';

/** Polls until `check` passes (state, not time, ends the wait); fails with its last error. */
export async function eventually(check: () => void | Promise<void>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}

/** The file descriptors this process has open (files, sockets, pipes). */
export const openFds = () => readdirSync('/proc/self/fd').length;
