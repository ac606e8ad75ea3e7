import { sql } from 'kysely';
import { type Db, isUniqueViolation } from '../shared/db';
import type { UploadRequestFilesTable, UploadRequestsTable } from '../shared/db.schema';
import { createOwnedSharesRepository } from '../shares/owned-shares.repository';
import { createSharedPathsRepository } from '../shares/shared-paths.repository';

/** A file's hold on a request: one of its files, and the bytes it may still bring. */
export interface Claim {
  requestId: string;
  bytes: number;
}

export function createUploadRequestsRepository({ db }: { db: Db }) {
  const owned = createOwnedSharesRepository({ db, table: 'upload_requests', searchColumn: 'path' });
  const paths = createSharedPathsRepository({ db, table: 'upload_requests' });

  /** Arrivals whose request is gone go with it. */
  const dropOrphanArrivals = () =>
    db
      .deleteFrom('upload_request_files')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('upload_requests')
              .select('id')
              .whereRef('upload_requests.id', '=', 'upload_request_files.request_id'),
          ),
        ),
      )
      .execute();

  return {
    ...owned,
    movePaths: paths.movePaths,
    async removeAt(path: string, options: { subtree: boolean }) {
      await paths.removeAt(path, options);
      await dropOrphanArrivals();
    },
    async remove(id: string) {
      await owned.remove(id);
      await db.deleteFrom('upload_request_files').where('request_id', '=', id).execute();
    },

    /**
     * Holds one file and `bytes` of the request's total in a single conditional update, so that
     * concurrent senders (on any instance) never get past its limits: undefined when the file or
     * its bytes do not fit, or the request has expired.
     */
    claim: async ({ requestId, bytes }: Claim, now: number) =>
      (await db
        .updateTable('upload_requests')
        .set((eb) => ({
          files_received: eb('files_received', '+', 1),
          bytes_received: eb('bytes_received', '+', bytes),
        }))
        .where('id', '=', requestId)
        .where((eb) =>
          eb.and([
            eb.or([eb('max_files', '=', 0), eb('files_received', '<', eb.ref('max_files'))]),
            eb.or([
              eb('max_total_size', '=', 0),
              eb(eb('bytes_received', '+', bytes), '<=', eb.ref('max_total_size')),
            ]),
            eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]),
          ]),
        )
        .returningAll()
        .executeTakeFirst()) as UploadRequestsTable | undefined,

    /** A file that did not arrive gives its hold back. */
    release: async ({ requestId, bytes }: Claim) => {
      await db
        .updateTable('upload_requests')
        .set((eb) => ({
          files_received: eb('files_received', '-', 1),
          bytes_received: eb('bytes_received', '-', bytes),
        }))
        .where('id', '=', requestId)
        .execute();
    },

    /** Claims `path` for a file on its way; false when another file is arriving there. */
    async startArrival(row: UploadRequestFilesTable): Promise<boolean> {
      try {
        await db.insertInto('upload_request_files').values(row).execute();
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },

    /** The file is stored (received now): its real size replaces what it held of the total. */
    async finishArrival(id: string, claim: Claim, size: number, now: number) {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('upload_request_files')
          .set({
            status: 'stored',
            size,
            claimed_bytes: 0,
            owner_process: null,
            upload_id: null,
            upload_key: null,
            created_at: now,
          })
          .where('id', '=', id)
          .execute();
        await trx
          .updateTable('upload_requests')
          .set({
            bytes_received: sql<number>`bytes_received + ${size - claim.bytes}`,
            last_received_at: now,
          })
          .where('id', '=', claim.requestId)
          .execute();
      });
    },

    /** Arrivals still receiving, oldest first: those a crash left are given back. */
    receiving: () =>
      db
        .selectFrom('upload_request_files')
        .selectAll()
        .where('status', '=', 'receiving')
        .orderBy('created_at')
        .execute(),

    /** An arrival still receiving, of the request under `slug`. */
    receivingArrival: async (slug: string, id: string) =>
      db
        .selectFrom('upload_request_files')
        .innerJoin('upload_requests', 'upload_requests.id', 'upload_request_files.request_id')
        .selectAll('upload_request_files')
        .where('upload_requests.slug', '=', slug)
        .where('upload_request_files.id', '=', id)
        .where('upload_request_files.status', '=', 'receiving')
        .executeTakeFirst(),

    /**
     * How many of the request's files are still arriving in parts with a fingerprint (their
     * sender can resume them, `resumableArrival`), and the bytes they hold.
     */
    async resumableInProgress(requestId: string): Promise<{ files: number; bytes: number }> {
      const row = await db
        .selectFrom('upload_request_files')
        .select((eb) => [
          eb.fn.countAll().as('files'),
          eb.fn.coalesce(eb.fn.sum('claimed_bytes'), eb.lit(0)).as('bytes'),
        ])
        .where('request_id', '=', requestId)
        .where('status', '=', 'receiving')
        .where('upload_fingerprint', 'is not', null)
        .where('upload_id', 'is not', null)
        .executeTakeFirstOrThrow();
      // PostgreSQL answers counts and sums as strings.
      return { files: Number(row.files), bytes: Number(row.bytes) };
    },

    /** The request's file still arriving in parts with this fingerprint and size, if any. */
    resumableArrival: (requestId: string, fingerprint: string, size: number) =>
      db
        .selectFrom('upload_request_files')
        .selectAll()
        .where('request_id', '=', requestId)
        .where('status', '=', 'receiving')
        .where('upload_fingerprint', '=', fingerprint)
        .where('claimed_bytes', '=', size)
        .where('upload_id', 'is not', null)
        .orderBy('created_at', 'desc')
        .executeTakeFirst(),

    /** A client-driven upload's storage ids (and fingerprint), kept for its later calls. */
    noteUpload: async (
      id: string,
      upload: { upload_id: string; upload_key: string; upload_fingerprint: string | null },
    ) => {
      await db.updateTable('upload_request_files').set(upload).where('id', '=', id).execute();
    },

    /** Whether this call dropped it: a claim is given back once, however many calls race. */
    dropArrival: async (id: string): Promise<boolean> => {
      const dropped = await db
        .deleteFrom('upload_request_files')
        .where('id', '=', id)
        .executeTakeFirst();
      return dropped.numDeletedRows > 0n;
    },

    /** Stored arrivals, newest first: of one request, or of every request of some creators. */
    async arrivals(
      filter: { requestId?: string; createdBy?: string[] },
      { limit, offset }: { limit: number; offset: number },
    ) {
      const matching = db
        .selectFrom('upload_request_files')
        .innerJoin('upload_requests', 'upload_requests.id', 'upload_request_files.request_id')
        .where('upload_request_files.status', '=', 'stored')
        .$if(filter.requestId !== undefined, (q) =>
          q.where('upload_request_files.request_id', '=', filter.requestId as string),
        )
        .$if(filter.createdBy !== undefined, (q) =>
          q.where('upload_requests.created_by', 'in', filter.createdBy as string[]),
        );
      const rows = await matching
        .selectAll('upload_request_files')
        .orderBy('upload_request_files.created_at', 'desc')
        .orderBy('upload_request_files.id')
        .limit(limit)
        .offset(offset)
        .execute();
      const { total } = await matching
        .select((eb) => eb.fn.countAll().as('total'))
        .executeTakeFirstOrThrow();
      return { rows, total: Number(total) };
    },
  };
}

export type UploadRequestsRepository = ReturnType<typeof createUploadRequestsRepository>;
