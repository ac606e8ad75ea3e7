import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * Pages the request thread's own connection may leave in the write-ahead log before it
 * checkpoints by itself: a safety net for when the checkpointer thread falls behind or is gone
 * (SQLite's default is 1,000 pages, about 4 MB, which a burst of writes reaches every second).
 */
export const FALLBACK_AUTOCHECKPOINT_PAGES = 10_000;
/** How often the checkpointer copies what the log holds into the database file. */
const CHECKPOINT_INTERVAL_MS = 200;

/**
 * The checkpointer's code. It is evaluated (not a file of the build) so that the bundled server,
 * the sources under tsx and the tests all run the same thing; better-sqlite3 is given by path.
 * A PASSIVE checkpoint takes no writer's lock and waits for nobody: writes on the request thread
 * go on while it copies pages and syncs the file.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.filename, { fileMustExist: true });
let told = null;
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
    told = null;
  } catch (error) {
    // Told once until a checkpoint succeeds again, not five times a second.
    const message = String(error && error.message);
    if (message !== told) parentPort.postMessage(message);
    told = message;
  }
}, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  /** Ends the thread after its last checkpoint; the request thread's close checkpoints the rest. */
  close(): Promise<void>;
}

/**
 * Moves SQLite's WAL checkpoints off the request thread. With the default auto-checkpoint, the
 * commit that pushes the log past 1,000 pages copies them all into the database file and syncs
 * it before it returns, blocking the event loop for tens of milliseconds under sustained writes
 * (the p99 of paste creations, bench/suites/latency.mjs). A worker thread with a connection of its own
 * checkpoints every 200 ms instead; the request thread keeps a much higher threshold as a
 * fallback, so the log stays bounded even if the worker stops.
 */
export function startCheckpointer(
  filename: string,
  onError: (message: string) => void,
  intervalMs = CHECKPOINT_INTERVAL_MS,
): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { driver, filename, intervalMs },
  });
  worker.unref();
  worker.on('message', (message: string) => onError(message));
  worker.on('error', (error) => onError(error.message));
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    close() {
      worker.postMessage('close');
      return exited;
    },
  };
}
