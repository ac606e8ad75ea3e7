import { setTimeout as sleep } from 'node:timers/promises';
import type { Principal } from '@sharebin/shared';
import type { FsLocator } from '../fs/fs-locator.usecases';
import type { NewJobItem } from '../jobs/job-items.repository';
import { ownerOf } from '../jobs/jobs.models';
import type { JobRow, JobsRepository } from '../jobs/jobs.repository';
import type { JobContext, JobHandler } from '../jobs/jobs.worker';
import { zipLinkInvalid, zipPlanFailed, zipPlanPending } from './zip.errors';
import {
  type PlacedEntry,
  type ZipEntry,
  type ZipOrigin,
  type ZipSource,
  ZipTally,
} from './zip-layout';
import {
  archiveFileName,
  FoldersLast,
  failuresEntry,
  mountOrigin,
  unlessForbidden,
  walkArchive,
  type ZipFailure,
  zipEntryOf,
} from './zip-plan';
import type { PlacedColumn, ZipPlansRepository } from './zip-plans.repository';
import { dosDateTime } from './zip-records';

export interface ZipJobPayload {
  paths: string[];
}

/** The archive's totals, stored on the job once planned. */
type ZipTotals = Pick<ZipSource, 'directory' | 'size' | 'etag'> & { fileName: string };

/** Small enough that a batch is written before it outlives a scavenge. */
export const PLAN_BATCH = 100;
/** A GET waits this long for a plan under way, looking every PLAN_POLL_MS. */
const PLAN_WAIT_MS = 60_000;
const PLAN_POLL_MS = 200;
/** Job errors keep this much of a failure's reason (the text in the archive too). */
const REASON_CHARS = 500;

/**
 * `POST …/fs/zip/link`: the plan is stored with record offsets so a GET on any instance can
 * stream any range; stored once, the order is the same on every GET, which is all ranges need.
 */
export function createZipJobs({
  locator,
  plans,
  jobs,
  principalOf,
  plan: { waitMs = PLAN_WAIT_MS, pollMs = PLAN_POLL_MS } = {},
}: {
  locator: FsLocator;
  plans: ZipPlansRepository;
  jobs: JobsRepository;
  principalOf: (context: JobContext) => Promise<Principal | null>;
  plan?: { waitMs?: number; pollMs?: number };
}) {
  const handler: JobHandler = {
    counted: ['file'],
    async plan(context, add) {
      const { job } = context;
      const principal = await principalOf(context);
      if (!principal) throw new Error('The API key that asked for this archive no longer exists');
      const { paths } = JSON.parse(job.payload) as ZipJobPayload;
      const tally = new ZipTally();
      const order = new FoldersLast();
      let batch: NewJobItem[] = [];
      let writing = Promise.resolve();
      let files = 0;
      let bytes = 0;
      /** Batches are written in the order their entries were placed (seq follows offsets). */
      const flush = () => {
        const items = batch;
        batch = [];
        writing = writing.then(async () => {
          await add(items);
          await plans.reportFound(job.id, files, bytes);
        });
        return writing;
      };
      const place = (entry: ZipEntry, originPath: string, kind = 'file') => {
        const { offset, centralFrom } = tally.place(entry);
        batch.push({
          kind: entry.isDirectory ? 'folder' : kind,
          source_path: originPath,
          target_path: entry.name,
          size: entry.size,
          status: 'done',
          error: null,
          message: null,
          object_key: entry.key,
          modified_at: entry.modifiedAt,
          zip_offset: offset,
          central_offset: centralFrom,
        });
        return batch.length >= PLAN_BATCH ? flush() : undefined;
      };

      const walked = await walkArchive(
        { locator, principal, paths, signal: context.signal },
        async (found) => {
          context.signal.throwIfAborted();
          const file = order.take(found);
          if (!file) return;
          files++;
          bytes += file.size;
          await place(zipEntryOf(file), file.originPath);
        },
      );
      for (const folder of order.heldFolders()) {
        await place(zipEntryOf(folder), folder.originPath);
      }
      const failures = walked.failures.map(({ path, reason }) => ({
        path,
        reason: reason.slice(0, REASON_CHARS),
      }));
      batch.push(...failures.map(failureItem));
      const listed = failuresEntry(failures);
      if (listed) place(listed, '', 'failures');
      await flush();
      const totals: ZipTotals = { ...tally.totals(), fileName: archiveFileName(paths) };
      await plans.saveResult(job.id, JSON.stringify(totals));
    },
    // Planning is the whole job: every entry is stored done (or failed).
    runItem: async () => ({ status: 'done' }),
  };

  /** The job of a link once planned; waits for a plan under way (bounded). */
  async function plannedJob(principal: Principal, jobId: string): Promise<JobRow> {
    for (let waited = 0; ; waited += pollMs) {
      const job = await jobs.findById(jobId);
      const owner = ownerOf(principal);
      const mine = job?.owner_type === owner.type && job.owner_id === owner.id;
      if (job?.type !== 'zip' || !mine) throw zipLinkInvalid();
      if (job.status === 'cancelled') throw zipPlanFailed('it was cancelled');
      if (job.status === 'failed') throw zipPlanFailed(job.error ?? 'it failed');
      if (job.planned === 1 && job.result) return job;
      if (waited >= waitMs) throw zipPlanPending();
      await sleep(pollMs);
    }
  }

  /** Origins are located again: a key narrowed since cannot read outside its new base path. */
  async function storedArchive(
    principal: Principal,
    jobId: string,
  ): Promise<ZipSource & { fileName: string }> {
    const job = await plannedJob(principal, jobId);
    // Refused before the first byte: a path the key may no longer read (its base path narrowed).
    const { paths } = JSON.parse(job.payload) as ZipJobPayload;
    await Promise.all(paths.map((path) => locator.read(principal, path).catch(unlessForbidden)));
    const totals = JSON.parse(job.result as string) as ZipTotals;
    const origins = new Map<string, Promise<ZipOrigin | null>>();
    const originOf = (path: string) => {
      let origin = origins.get(path);
      if (!origin) {
        origin = locator
          .read(principal, path)
          .then((location) => (location.kind === 'mount' ? mountOrigin(location) : null));
        origins.set(path, origin);
      }
      return origin;
    };
    let failures: Promise<ZipEntry | null> | undefined;
    const failuresListed = () => {
      failures ??= plans
        .failures(jobId)
        .then((rows) =>
          failuresEntry(
            rows.map((row): ZipFailure => ({ path: row.source_path, reason: row.message ?? '' })),
          ),
        );
      return failures;
    };

    const crcs = planCrcs(plans, jobId);

    async function* placed(column: PlacedColumn, at: number): AsyncGenerator<PlacedEntry> {
      const central = column === 'central_offset';
      if (central) await crcs.beforeCentral();
      const fromSeq = await plans.seqAtOrBefore(jobId, column, at);
      for await (const row of plans.entriesFrom(jobId, fromSeq)) {
        const isDirectory = row.kind === 'folder';
        const origin = row.kind === 'file' ? await originOf(row.source_path) : null;
        const entry: ZipEntry =
          row.kind === 'failures'
            ? ((await failuresListed()) as ZipEntry)
            : {
                name: row.target_path as string,
                nameLength: Buffer.byteLength(row.target_path as string),
                isDirectory,
                size: row.size,
                modifiedAt: row.modified_at ?? null,
                dosDateTime: dosDateTime(row.modified_at ?? null),
                origin,
                key: row.object_key ?? '',
                crc: row.crc == null ? undefined : Number(row.crc),
                planSeq: row.kind === 'file' ? row.seq : undefined,
              };
        yield {
          entry,
          offset: row.zip_offset as number,
          centralOffset: totals.directory.offset + (row.central_offset as number),
        };
      }
    }

    return {
      ...totals,
      entriesFrom: (at) => placed('zip_offset', at),
      centralFrom: (at) => placed('central_offset', at - totals.directory.offset),
      crcs,
    };
  }

  return { handler, storedArchive };
}

/**
 * CRCs written back so no later download re-reads a file (a failed write only costs a re-read).
 * Only those computed after the central directory's rows are read ahead are kept for lookup: a
 * table of every CRC was 13 MB of old-generation garbage at 100,000 files (bench/RESULTS.md).
 */
export function planCrcs(plans: ZipPlansRepository, jobId: string) {
  let unsaved: { seq: number; crc: number }[] = [];
  /** seq → CRC, computed once the central directory's rows are being read. */
  const late = new Map<number, number>();
  let centralStarted = false;
  let saving = Promise.resolve();
  /** Hands what is unsaved to one write, after the writes before it; each CRC is written once. */
  const save = () => {
    const batch = unsaved;
    unsaved = [];
    if (batch.length === 0) return saving;
    saving = saving.then(() => plans.saveCrcs(jobId, batch)).catch(() => {});
    return saving;
  };
  return {
    known: ({ planSeq: seq }: ZipEntry): number | undefined =>
      seq === undefined ? undefined : late.get(seq),
    remember({ planSeq: seq }: ZipEntry, crc: number) {
      if (seq === undefined) return;
      unsaved.push({ seq, crc });
      if (centralStarted) late.set(seq, crc);
      else if (unsaved.length >= PLAN_BATCH) void save();
    },
    /** Everything computed so far is in the plan before the directory's rows are read. */
    async beforeCentral() {
      centralStarted = true;
      await save();
    },
    /** The stream has sent its last byte: the rest goes into the plan. */
    finish: save,
  };
}

const failureItem = ({ path, reason }: ZipFailure): NewJobItem => ({
  kind: 'failure',
  source_path: path,
  target_path: null,
  size: 0,
  status: 'failed',
  error: null,
  message: reason,
});

export type ZipJobs = ReturnType<typeof createZipJobs>;
