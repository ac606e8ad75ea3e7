import { Worker } from 'node:worker_threads';
import type { Checksums } from './fs-checksums';

/**
 * The hashing thread's code: MD5 and SHA-1 of each job's chunks, acknowledged as they are
 * hashed so that the sender can hold back (`IN_FLIGHT_BYTES`). Evaluated, not a file of the
 * build, so that the bundled server, the sources under tsx and the tests run the same thing.
 */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const jobs = new Map();
parentPort.on('message', ({ id, chunk, end }) => {
  let job = jobs.get(id);
  if (!job) {
    job = { md5: createHash('md5'), sha1: createHash('sha1') };
    jobs.set(id, job);
  }
  if (chunk) {
    job.md5.update(chunk);
    job.sha1.update(chunk);
    parentPort.postMessage({ id, hashed: chunk.byteLength });
  }
  if (end) {
    jobs.delete(id);
    parentPort.postMessage({ id, md5: job.md5.digest('hex'), sha1: job.sha1.digest('hex') });
  }
});
`;

/** Bytes a job may have sent that the thread has not hashed yet: bounds the memory it takes. */
export const IN_FLIGHT_BYTES = 8 * 1024 * 1024;

interface Job {
  inFlight: number;
  /** Called once the thread has caught up below the bound. */
  resume: (() => void) | null;
  done: ((checksums: Checksums) => void) | null;
  failed: ((error: Error) => void) | null;
}

/**
 * One thread per process that hashes large bodies beside the event loop: MD5 alone runs at
 * about 700 MB/s, which would otherwise halve the speed of a large upload on the thread that
 * also moves its bytes. Started on first use; it does not keep the process alive.
 */
function createHashingThread() {
  let worker: Worker | null = null;
  const jobs = new Map<number, Job>();
  let nextId = 1;

  function thread(): Worker {
    if (worker) return worker;
    const started = new Worker(WORKER_SOURCE, { eval: true });
    started.unref();
    started.on('message', (message: { id: number; hashed?: number } & Partial<Checksums>) => {
      const job = jobs.get(message.id);
      if (!job) return;
      if (message.hashed !== undefined) {
        job.inFlight -= message.hashed;
        if (job.inFlight <= IN_FLIGHT_BYTES && job.resume) {
          const resume = job.resume;
          job.resume = null;
          resume();
        }
      } else if (message.md5 && message.sha1) {
        jobs.delete(message.id);
        job.done?.({ md5: message.md5, sha1: message.sha1 });
      }
    });
    // A thread that died takes its jobs with it: they fail, and the next job starts another.
    started.on('exit', () => {
      worker = null;
      const error = new Error('the hashing thread stopped');
      for (const job of jobs.values()) {
        job.resume?.();
        job.failed?.(error);
      }
      jobs.clear();
    });
    started.on('error', () => {});
    worker = started;
    return started;
  }

  return {
    /** A job: `update` (resolves once the thread may take more), then `digest` once. */
    start() {
      const id = nextId++;
      const job: Job = { inFlight: 0, resume: null, done: null, failed: null };
      jobs.set(id, job);
      const target = thread();
      return {
        update(chunk: Buffer): Promise<void> | undefined {
          // A copy the thread owns: the chunk goes on to the storage meanwhile.
          const copy = new Uint8Array(chunk);
          job.inFlight += copy.byteLength;
          target.postMessage({ id, chunk: copy }, [copy.buffer]);
          if (job.inFlight <= IN_FLIGHT_BYTES) return undefined;
          return new Promise((resolve) => {
            job.resume = resolve;
          });
        },
        digest(): Promise<Checksums> {
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
