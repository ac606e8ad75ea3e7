import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';
import { sql } from 'kysely';
import type { Db } from '../../shared/db';
import type { FileChecksumsTable } from '../../shared/db.schema';
import { type Checksums, hashingThread } from './checksum-worker';

/** Keys looked up per query: far below either engine's parameter limit. */
const LOOKUP_BATCH = 500;

/** Bodies up to this size are hashed on the event loop: a thread's round trip costs more. */
export const HASH_ON_LOOP_BYTES = 1024 * 1024;

/**
 * Passes bytes on unchanged while it computes their MD5 and SHA-1, so that a file's checksums
 * cost no second read. The first `HASH_ON_LOOP_BYTES` are only kept (the chunks as they came,
 * no copy): a small body is hashed at its end, on the event loop; a larger one goes to the
 * hashing thread, which holds the stream back when it falls behind (a few blocks of 1 MiB in
 * flight per body). `digests()` once the stream has ended.
 */
export function checksumTap() {
  let kept: Buffer[] = [];
  let keptBytes = 0;
  let job: ReturnType<typeof hashingThread.start> | null = null;
  /** The hashing thread failed: the bytes go on, the file gets no checksums. */
  let failed = false;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (failed) return callback(null, chunk);
      if (!job && keptBytes + chunk.length <= HASH_ON_LOOP_BYTES) {
        kept.push(chunk);
        keptBytes += chunk.length;
        return callback(null, chunk);
      }
      let bytes = chunk;
      if (!job) {
        job = hashingThread.start();
        bytes = Buffer.concat([...kept, chunk]);
        kept = [];
      }
      const waiting = job.update(bytes);
      if (!waiting) return callback(null, chunk);
      waiting.then(
        () => callback(null, chunk),
        () => {
          failed = true;
          callback(null, chunk);
        },
      );
    },
  });
  const abandon = () => {
    job?.abandon();
    job = null;
  };
  tap.once('error', abandon);
  return {
    tap,
    /** The write failed: nothing will ask for the digests. */
    abandon,
    /** Null when they could not be computed (the hashing thread stopped). */
    digests(): Promise<Checksums | null> {
      if (failed) return Promise.resolve(null);
      if (job) return job.digest().catch(() => null);
      return Promise.resolve(checksumsOf(kept));
    },
  };
}

/** The checksums of bytes in memory (a small body), computed on the event loop. */
export function checksumsOf(chunks: Buffer[]): Checksums {
  const md5 = createHash('md5');
  const sha1 = createHash('sha1');
  for (const chunk of chunks) {
    md5.update(chunk);
    sha1.update(chunk);
  }
  return { md5: md5.digest('hex'), sha1: sha1.digest('hex') };
}

/** The ownCloud form WebDAV clients read in `oc:checksum` (rclone, the desktop clients). */
export const ownCloudChecksums = ({ md5, sha1 }: Checksums) => `SHA1:${sha1} MD5:${md5}`;

export function createChecksumsRepository(db: Db) {
  return {
    /** Records checksums, inside the caller's transaction (`trx`) when it has one. */
    async put(rows: FileChecksumsTable[], trx: Db = db) {
      if (rows.length === 0) return;
      await trx
        .insertInto('file_checksums')
        .values(rows)
        .onConflict((conflict) =>
          conflict.columns(['storage_config_id', 'storage_key']).doUpdateSet((eb) => ({
            etag: eb.ref('excluded.etag'),
            md5: eb.ref('excluded.md5'),
            sha1: eb.ref('excluded.sha1'),
          })),
        )
        .execute();
    },

    /** Forgets a key's checksums; `subtree`: those of every key below it too (a folder went). */
    async remove(storageConfigId: string, key: string, { subtree }: { subtree: boolean }) {
      let query = db.deleteFrom('file_checksums').where('storage_config_id', '=', storageConfigId);
      query = subtree
        ? query.where((eb) =>
            eb.or([
              eb('storage_key', '=', key),
              eb(sql`substr(storage_key, 1, ${key.length + 1})`, '=', `${key}/`),
            ]),
          )
        : query.where('storage_key', '=', key);
      await query.execute();
    },

    /** A file moved within its storage: its checksums go with it (its bytes did not change). */
    async move(storageConfigId: string, from: string, to: string) {
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('file_checksums')
          .where('storage_config_id', '=', storageConfigId)
          .where('storage_key', '=', to)
          .execute();
        await trx
          .updateTable('file_checksums')
          .set({ storage_key: to })
          .where('storage_config_id', '=', storageConfigId)
          .where('storage_key', '=', from)
          .execute();
      });
    },

    /** The recorded checksums of `keys`, with the ETag each holds for. */
    async lookup(storageConfigId: string, keys: string[]) {
      const found = new Map<string, { etag: string } & Checksums>();
      for (let i = 0; i < keys.length; i += LOOKUP_BATCH) {
        const rows = await db
          .selectFrom('file_checksums')
          .select(['storage_key', 'etag', 'md5', 'sha1'])
          .where('storage_config_id', '=', storageConfigId)
          .where('storage_key', 'in', keys.slice(i, i + LOOKUP_BATCH))
          .execute();
        for (const row of rows) found.set(row.storage_key, row);
      }
      return found;
    },
  };
}

export type ChecksumsRepository = ReturnType<typeof createChecksumsRepository>;
