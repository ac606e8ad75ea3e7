import { randomUUID } from 'node:crypto';
import {
  creatorTag,
  type Principal,
  type UploadArrivalList,
  type UploadRequest,
  type uploadRequestCreateRequestSchema,
  type uploadRequestUpdateRequestSchema,
} from '@sharebin/shared';
import type { z } from 'zod';
import type { FsReadUseCases } from '../fs/fs-read.usecases';
import type { FsWriteUseCases } from '../fs/fs-write.usecases';
import type { Clock } from '../shared/clock';
import type { PasswordHasher } from '../shared/crypto';
import type { UploadRequestsTable } from '../shared/db.schema';
import { ownerTags } from '../shared/ownership';
import { createOwnedShareManagement } from '../shares/owned-shares.usecases';
import { expiryFrom } from '../shares/share-state';
import { insertWithSlug } from '../shares/slugs';
import {
  uploadRequestNotAFolder,
  uploadRequestNotFound,
  uploadRequestSlugTaken,
} from './upload-requests.errors';
import { describeArrival, describeUploadRequest } from './upload-requests.models';
import type { UploadRequestsRepository } from './upload-requests.repository';

type CreateInput = z.output<typeof uploadRequestCreateRequestSchema>;
type UpdateInput = z.output<typeof uploadRequestUpdateRequestSchema>;

/** The owner's side of upload requests: create, list, edit, delete, and what arrived. */
export function createUploadRequestsUseCases({
  repository,
  read,
  write,
  passwords,
  clock,
}: {
  repository: UploadRequestsRepository;
  read: Pick<FsReadUseCases, 'get'>;
  write: Pick<FsWriteUseCases, 'checkWritable'>;
  passwords: PasswordHasher;
  clock: Clock;
}) {
  const management = createOwnedShareManagement({
    repository,
    describe: describeUploadRequest,
    passwords,
    clock,
    notFound: uploadRequestNotFound,
    slugTaken: uploadRequestSlugTaken,
  });

  return {
    /**
     * Only a folder its creator may write into: the locator refuses read-only keys and mounts,
     * paths outside a key's base path, and the list of mounts.
     */
    async create(principal: Principal, input: CreateInput, origin: string): Promise<UploadRequest> {
      await write.checkWritable(principal, input.path);
      const entry = await read.get(principal, input.path);
      if (!entry.is_directory) throw uploadRequestNotAFolder(input.path);
      const now = clock.now();
      const row = await insertWithSlug<UploadRequestsTable>({
        row: {
          id: randomUUID(),
          path: input.path,
          remark: input.remark,
          password_hash: input.password ? await passwords.hash(input.password) : null,
          expires_at: expiryFrom(input.expires_in, now),
          max_files: input.max_files,
          max_file_size: input.max_file_size,
          max_total_size: input.max_total_size,
          allowed_types: [...new Set(input.allowed_types)].join(','),
          files_received: 0,
          bytes_received: 0,
          last_received_at: null,
          created_by: creatorTag(principal),
          created_at: now,
          updated_at: now,
        },
        customSlug: input.slug || undefined,
        insert: repository.insert,
        taken: uploadRequestSlugTaken,
      });
      return describeUploadRequest(row, origin);
    },

    list: management.list,
    get: management.get,
    remove: management.remove,

    update: (principal: Principal, id: string, input: UpdateInput, origin: string) => {
      const { allowed_types, ...rest } = input;
      return management.update(
        principal,
        id,
        allowed_types === undefined
          ? rest
          : { ...rest, allowed_types: [...new Set(allowed_types)].join(',') },
        origin,
      );
    },

    /** The files that arrived through a request, newest first. */
    async arrivals(
      principal: Principal,
      id: string,
      page: { limit: number; offset: number },
    ): Promise<UploadArrivalList> {
      await management.requireOwned(principal, id);
      const { rows, total } = await repository.arrivals({ requestId: id }, page);
      return { items: rows.map(describeArrival), total, ...page };
    },

    /** What arrived lately through any of the caller's requests (every request for the admin). */
    async recentArrivals(
      principal: Principal,
      page: { limit: number; offset: number },
    ): Promise<UploadArrivalList> {
      const createdBy = ownerTags(principal);
      const { rows, total } = await repository.arrivals(createdBy ? { createdBy } : {}, page);
      return { items: rows.map(describeArrival), total, ...page };
    },
  };
}

export type UploadRequestsUseCases = ReturnType<typeof createUploadRequestsUseCases>;
