import { Worker } from 'node:worker_threads';

/** A file's digests, lower-case hex. */
export interface Checksums {
  md5: string;
  sha1: string;
}

/**
 * The hashing thread's code: MD5 and SHA-1 of each job's blocks. Each block comes back to its
 * sender once hashed (moved, not copied), to be filled again. Evaluated, not a file of the
 * build, so that the bundled server, the sources under tsx and the tests run the same thing.
 */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const jobs = new Map();
parentPort.on('message', ({ id, block, length, end }) => {
  let job = jobs.get(id);
  if (!job) {
    job = { md5: createHash('md5'), sha1: createHash('sha1') };
    jobs.set(id, job);
  }
  if (block) {
    const bytes = new Uint8Array(block, 0, length);
    job.md5.update(bytes);
    job.sha1.update(bytes);
    parentPort.postMessage({ id, block }, [block]);
  }
  if (end) {
    jobs.delete(id);
    parentPort.postMessage({ id, md5: job.md5.digest('hex'), sha1: job.sha1.digest('hex') });
  }
});
`;

const stopped = () => new Error('the hashing thread stopped');

/** A job's blocks: what it holds at most while the thread hashes (memory stays flat). */
export const BLOCK_BYTES = 1024 * 1024;
export const BLOCKS_PER_JOB = 4;

interface Job {
  /** Blocks back from the thread, ready to be filled. */
  free: ArrayBuffer[];
  /** Called when a block comes back while the sender waits for one. */
  blockBack: (() => void) | null;
  done: ((checksums: Checksums) => void) | null;
  failed: ((error: Error) => void) | null;
}

/**
 * One thread per process that hashes large bodies beside the event loop: MD5 alone runs at
 * about 700 MB/s, which would otherwise halve the speed of a large upload on the thread that
 * also moves its bytes. Bytes are copied into a job's few blocks, which travel to the thread
 * and back: no garbage per chunk, and a sender waits when all its blocks are out. Started on
 * first use; it does not keep the process alive.
 */
function createHashingThread() {
  let worker: Worker | null = null;
  const jobs = new Map<number, Job>();
  let nextId = 1;

  function thread(): Worker {
    if (worker) return worker;
    const started = new Worker(WORKER_SOURCE, { eval: true });
    started.unref();
    started.on('message', (message: { id: number; block?: ArrayBuffer } & Partial<Checksums>) => {
      const job = jobs.get(message.id);
      if (!job) return;
      if (message.block) {
        job.free.push(message.block);
        const waiting = job.blockBack;
        job.blockBack = null;
        waiting?.();
      } else if (message.md5 && message.sha1) {
        jobs.delete(message.id);
        job.done?.({ md5: message.md5, sha1: message.sha1 });
      }
    });
    // A thread that stopped takes its jobs with it: they fail, and the next job starts another.
    started.on('exit', () => {
      worker = null;
      const error = stopped();
      for (const job of jobs.values()) {
        job.blockBack?.();
        job.failed?.(error);
      }
      jobs.clear();
    });
    started.on('error', () => {});
    worker = started;
    return started;
  }

  return {
    /** Stops the thread (tests: what its jobs do when it dies); the next job starts another. */
    async stop() {
      await worker?.terminate();
    },
    /** A job: `update` with each chunk (awaiting what it answers), then `digest` once. */
    start() {
      const id = nextId++;
      const job: Job = { free: [], blockBack: null, done: null, failed: null };
      jobs.set(id, job);
      const target = thread();
      let blocksMade = 0;
      let block: Uint8Array | null = null;
      let filled = 0;

      const send = () => {
        if (!block || filled === 0) return;
        const buffer = block.buffer as ArrayBuffer;
        target.postMessage({ id, block: buffer, length: filled }, [buffer]);
        block = null;
        filled = 0;
      };

      /** A block to fill: a free one, a new one while the job has fewer than its share, or none. */
      const take = (): Uint8Array | null => {
        const free = job.free.pop();
        if (free) return new Uint8Array(free);
        if (blocksMade < BLOCKS_PER_JOB) {
          blocksMade++;
          return new Uint8Array(BLOCK_BYTES);
        }
        return null;
      };

      /** Copies `chunk` into blocks; a promise only when it must wait for one to come back. */
      function update(chunk: Buffer): Promise<void> | undefined {
        if (!jobs.has(id)) return Promise.reject(stopped());
        let at = 0;
        const copy = (): Promise<void> | undefined => {
          while (at < chunk.length) {
            block ??= take();
            if (!block) {
              return new Promise<void>((resolve) => {
                job.blockBack = resolve;
              }).then(() => {
                if (!jobs.has(id)) throw stopped();
                return copy();
              });
            }
            const copied = Math.min(chunk.length - at, BLOCK_BYTES - filled);
            block.set(chunk.subarray(at, at + copied), filled);
            filled += copied;
            at += copied;
            if (filled === BLOCK_BYTES) send();
          }
          return undefined;
        };
        return copy();
      }

      return {
        update,
        digest(): Promise<Checksums> {
          if (!jobs.has(id)) return Promise.reject(stopped());
          send();
          return new Promise((resolve, reject) => {
            job.done = resolve;
            job.failed = reject;
            target.postMessage({ id, end: true });
          });
        },
        /** The body failed: the thread forgets the job. */
        abandon() {
          jobs.delete(id);
          target.postMessage({ id, end: true });
        },
      };
    },
  };
}

export const hashingThread = createHashingThread();
