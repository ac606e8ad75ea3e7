import {
  creatorTag,
  hasPathPermission,
  type Principal,
  type StorageConfig,
  type shareOptionsSchema,
  type uploadFormSchema,
} from '@sharebin/shared';
import type { z } from 'zod';
import {
  fileSlugTaken,
  fileTooLarge,
  pathForbidden,
  storageInsufficient,
} from '../../files/files.errors';
import { objectKey } from '../../files/files.models';
import { newId } from '../../shared/crypto';
import type { FileSharesTable } from '../../shared/db.schema';
import { expiryFrom, shareAccessChanges } from '../../shares/share-state';
import { insertWithSlug } from '../../shares/slugs';
import { remainingBytes } from '../../storage/configs/storage.models';
import { holdOrRefuse, reservingCounter } from '../held-bytes';
import type { ShareUploadDeps } from './share-upload-flow';

type ShareOptions = z.output<typeof shareOptionsSchema>;
type UploadFields = z.output<typeof uploadFormSchema>;
/** Share options given as an upload ends; one left out keeps what the reservation has. */
export type LateShareOptions = Partial<
  Pick<ShareOptions, 'slug' | 'remark' | 'password' | 'expires_in' | 'max_views'>
>;

export function createReservations(deps: ShareUploadDeps) {
  /** `password: ''` removes it, `slug: ''` keeps it, expiry counts from going live. */
  async function lateOptionChanges(
    options: LateShareOptions,
    now: number,
  ): Promise<Partial<FileSharesTable>> {
    const { slug, remark, password, expires_in, max_views } = options;
    return {
      ...(slug ? { slug } : {}),
      ...(remark === undefined ? {} : { remark }),
      ...(await shareAccessChanges(
        { password: password === undefined ? undefined : password || null, expires_in },
        now,
        deps.passwords.hash,
      )),
      ...(max_views === undefined ? {} : { max_views }),
    };
  }

  const { repository, records, storage, drivers, clock } = deps;
  const { deleteObjects } = records;

  /** Largest upload the settings and the storage's free space allow, and the error for more. */
  async function limitsFor(config: StorageConfig) {
    const maxUpload = await deps.maxUploadBytes();
    const remaining = remainingBytes(config);
    /** Why `size` bytes may not be uploaded, or undefined when they may. */
    const refusal = (size: number) => {
      if (size > maxUpload) return fileTooLarge(maxUpload);
      if (remaining !== null && size > remaining) {
        return storageInsufficient(size, remaining, config.total_capacity_bytes ?? 0);
      }
      return undefined;
    };
    return {
      limit: remaining === null ? maxUpload : Math.min(maxUpload, remaining),
      refusal,
      check(size: number) {
        const error = refusal(size);
        if (error) throw error;
      },
    };
  }

  type Limits = Awaited<ReturnType<typeof limitsFor>>;

  /** Holds `size` bytes of the upload's storage for it, or refuses as `storage.insufficient`. */
  const hold = (row: FileSharesTable, size: number, exactly = size): Promise<number> =>
    holdOrRefuse((bytes) => repository.reserveSize(row, bytes), size, exactly);

  /** Counts a streamed upload's bytes and holds its storage for them (see `reservingCounter`). */
  const meter = (row: FileSharesTable, limits: Limits) =>
    reservingCounter({
      held: row.size,
      limit: limits.limit,
      refusal: limits.refusal,
      reserve: (size, exactly) => hold(row, size, exactly),
      activity: {
        clock,
        since: row.last_activity_at,
        note: (now) => repository.noteUploadActivity(row, now),
      },
    });

  /** A share record in `uploading` state, with its slug taken and its object key decided. */
  async function reserve(
    principal: Principal,
    config: StorageConfig,
    file: { filename: string; mimetype: string; size: number },
    options: ShareOptions,
    /** The process that streams the upload itself (the form upload); none for client flows. */
    owner: string | null = null,
  ): Promise<FileSharesTable> {
    const now = clock.now();
    const id = newId();
    const path = sharePath(principal, options.path);
    const base: Omit<FileSharesTable, 'slug'> = {
      id,
      filename: file.filename,
      mimetype: file.mimetype,
      size: file.size,
      storage_config_id: config.id,
      path,
      storage_path: objectKey(path, id, file.filename),
      etag: null,
      remark: options.remark,
      password_hash: options.password ? await deps.passwords.hash(options.password) : null,
      expires_at: expiryFrom(options.expires_in, now),
      max_views: options.max_views,
      views: 0,
      status: 'uploading',
      upload_id: null,
      last_activity_at: now,
      owner_process: owner,
      created_by: creatorTag(principal),
      created_at: now,
      updated_at: now,
    };
    const row = await insertWithSlug<FileSharesTable>({
      row: { ...base, size: 0 },
      customSlug: options.slug || undefined,
      insert: repository.insert,
      taken: fileSlugTaken,
    });
    if (file.size === 0) return row;
    // Held atomically against what parallel uploads hold: the checks before read a moment ago.
    return releasedOnFailure(row, async () => ({ ...row, size: await hold(row, file.size) }));
  }

  /** SPEC §5 path permission: never outside the key's base path. */
  function sharePath(principal: Principal, asked: string | undefined): string {
    const path = asked ?? (principal.type === 'apikey' ? principal.basicPath : '/');
    if (!hasPathPermission(principal, path)) throw pathForbidden(path);
    return path;
  }

  /** For fields after the file (`curl -F file=@x -F path=/y`); the caller discards the original. */
  async function relocate(
    principal: Principal,
    row: FileSharesTable,
    fields: UploadFields,
  ): Promise<FileSharesTable> {
    const config = await storage.resolveForUpload(principal, fields.s3_config_id || undefined);
    const path = sharePath(principal, fields.path);
    if (config.id === row.storage_config_id && path === row.path) return row;
    const moved = {
      ...row,
      storage_config_id: config.id,
      path,
      storage_path: objectKey(path, row.id, row.filename),
    };
    const source = await drivers.forConfig(row.storage_config_id);
    const target = await drivers.forConfig(config.id);
    try {
      if (config.id === row.storage_config_id) {
        await source.copy(row.storage_path, moved.storage_path);
        moved.etag = (await source.head(moved.storage_path))?.etag ?? null;
      } else {
        (await limitsFor(config)).check(row.size);
        const object = await source.get(row.storage_path);
        const stored = await target.put(moved.storage_path, object.body, {
          contentType: row.mimetype,
          contentLength: object.info.size,
        });
        moved.etag = stored.etag;
      }
      await repository.update(row.id, {
        storage_config_id: moved.storage_config_id,
        path,
        storage_path: moved.storage_path,
        etag: moved.etag,
      });
    } catch (error) {
      await deleteObjects([{ ...moved, upload_id: null }]);
      throw error;
    }
    await deleteObjects([row]);
    return moved;
  }

  /** Runs the storage side of a new reservation; a failure there drops the reservation. */
  async function releasedOnFailure<T>(row: FileSharesTable, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      // Whatever the storage began for it (a multipart upload) is queued for deletion with it.
      await records.discard(row);
      throw error;
    }
  }

  return {
    limitsFor,
    reserve,
    hold,
    meter,
    relocate,
    releasedOnFailure,
    lateOptionChanges,
    sharePath,
  };
}

export type Reservations = ReturnType<typeof createReservations>;

/** What an upload flow needs: the share uploads' dependencies and the shared reservation steps. */
export type FlowDeps = ShareUploadDeps & { reservations: Reservations };
