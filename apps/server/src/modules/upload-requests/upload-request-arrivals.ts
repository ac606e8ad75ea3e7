import { randomUUID } from 'node:crypto';
import { ERROR_CODES, type Principal } from '@sharebin/shared';
import { AppError } from '../../app/errors';
import { childPath } from '../fs/fs-entries.models';
import type { FsWriteUseCases, UploadTarget } from '../fs/fs-write.usecases';
import type { Clock } from '../shared/clock';
import type { UploadRequestsTable } from '../shared/db.schema';
import { mimetypeFor } from '../shared/media-types';
import { currentProcess, type ProcessIdentity } from '../shared/process-identity';
import { createShareCreators } from '../shares/share-creator';
import { shareState } from '../shares/share-state';
import {
  uploadRequestExpired,
  uploadRequestFileTooLarge,
  uploadRequestFull,
  uploadRequestNotFound,
  uploadRequestPathGone,
  uploadRequestTotalExceeded,
  uploadRequestTypeNotAllowed,
} from './upload-requests.errors';
import {
  acceptedTypes,
  asShare,
  fileSizeLimit,
  numberedName,
  sanitizeFileName,
  typeAccepted,
} from './upload-requests.models';
import type { Claim, UploadRequestsRepository } from './upload-requests.repository';

/** Tries of `name (n).ext` before giving up on a folder full of namesakes. */
const MAX_NAME_TRIES = 1000;
/** Tries of a claim that lost a race to other senders before answering with what is left. */
const MAX_CLAIM_TRIES = 5;

/** A visitor let in: the request, and its creator, who files are written as. */
export interface Admitted {
  row: UploadRequestsTable;
  writer: Principal;
}

/** A file on its way in: its hold on the request and the free name it claimed. */
export interface Arrival {
  id: string;
  name: string;
  mimetype: string;
  target: UploadTarget;
  claim: Claim;
  /** What to answer when the file turns out larger than its hold. */
  refusal: AppError;
}

/**
 * What every way in (a form, a multipart upload) does with a visitor's file: checks its type,
 * holds it and its bytes against the request's limits before a byte is stored, claims a free
 * name, and gives the hold back when the file does not arrive.
 */
export function createArrivals({
  repository,
  write,
  apiKeyPrincipal,
  maxUploadBytes,
  clock,
  owner = currentProcess,
}: {
  repository: UploadRequestsRepository;
  write: Pick<FsWriteUseCases, 'uploadTarget' | 'targetFolderExists' | 'checkWritable'>;
  apiKeyPrincipal: (id: string) => Promise<Principal | null>;
  /** The server's own limit on one upload. */
  maxUploadBytes: () => Promise<number>;
  clock: Clock;
  /** Who receives a streamed file: a crash's holds are given back by the housekeeping. */
  owner?: Pick<ProcessIdentity, 'id'>;
}) {
  const creators = createShareCreators(apiKeyPrincipal);

  /** File-system refusals told as the request's: a visitor never learns the folder's path. */
  async function asRequest<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      switch (error.code) {
        case ERROR_CODES.fsNotFound:
        case ERROR_CODES.fsPathForbidden:
        case ERROR_CODES.fsVirtualPath:
        case ERROR_CODES.fsReadOnly:
          throw uploadRequestPathGone();
        default:
          throw error;
      }
    }
  }

  /**
   * The request's creator with the rights they have now. A folder that went away, or that they
   * may no longer write into, closes the request.
   */
  async function writerOf(row: UploadRequestsTable): Promise<Principal> {
    const principal = await creators.writer(row.created_by);
    if (!principal) throw uploadRequestPathGone();
    await asRequest(() => write.checkWritable(principal, row.path));
    return principal;
  }

  /**
   * Holds a file and its bytes: `exact` (a declared size) or, for a stream, what is left of the
   * total up to the per-file limit and the file's bound. A sender who lost a race to others
   * tries again with what is left then.
   */
  async function hold(
    slug: string,
    name: string,
    perFile: number,
    size: { exact: number } | { atMost: number | undefined },
  ) {
    for (let attempt = 0; attempt < MAX_CLAIM_TRIES; attempt += 1) {
      const current = await repository.findBySlug(slug);
      if (!current) throw uploadRequestNotFound();
      const state = shareState(asShare(current), clock.now());
      if (state === 'expired') throw uploadRequestExpired();
      if (state === 'exhausted') throw uploadRequestFull();
      const left =
        current.max_total_size > 0
          ? current.max_total_size - current.bytes_received
          : Number.POSITIVE_INFINITY;
      let bytes: number;
      if ('exact' in size) {
        if (size.exact > perFile) throw uploadRequestFileTooLarge(name, perFile);
        if (size.exact > left) throw uploadRequestTotalExceeded(name, Math.max(0, left));
        bytes = size.exact;
      } else {
        if (left <= 0) throw uploadRequestTotalExceeded(name, 0);
        bytes = Math.min(perFile, left, size.atMost ?? Number.POSITIVE_INFINITY);
      }
      const claim: Claim = { requestId: current.id, bytes };
      if (await repository.claim(claim, clock.now())) {
        const refusal =
          bytes === perFile
            ? uploadRequestFileTooLarge(name, perFile)
            : uploadRequestTotalExceeded(name, bytes);
        return { claim, refusal };
      }
    }
    throw uploadRequestFull();
  }

  /**
   * A free name in the folder, claimed for this file: `name`, else `name (1).ext`… The path is
   * claimed before it is looked at: a file that was arriving there held its claim until it was
   * stored, so a name found free after the claim stays free (on every instance).
   */
  async function freeName(
    { row, writer }: Admitted,
    name: string,
    arrival: { id: string; mimetype: string; claimed_bytes: number; owner_process: string | null },
  ): Promise<{ name: string; target: UploadTarget }> {
    for (let n = 0; n < MAX_NAME_TRIES; n += 1) {
      const candidate = numberedName(name, n);
      const path = childPath(row.path, candidate);
      const claimed = await repository.startArrival({
        ...arrival,
        request_id: row.id,
        name: candidate,
        path,
        size: 0,
        status: 'receiving',
        upload_id: null,
        upload_key: null,
        created_at: clock.now(),
      });
      if (!claimed) continue;
      const target = await asRequest(() => write.uploadTarget(writer, path)).catch(
        async (error) => {
          await repository.dropArrival(arrival.id);
          throw error;
        },
      );
      if (!target.found) return { name: candidate, target };
      await repository.dropArrival(arrival.id);
    }
    throw new AppError(409, ERROR_CODES.fsAlreadyExists, `Too many files named ${name} already`);
  }

  /** Only the call that drops the arrival gives its claim back (two aborts may race). */
  const giveBack = async (arrival: Pick<Arrival, 'id' | 'claim'>) => {
    if (await repository.dropArrival(arrival.id)) await repository.release(arrival.claim);
  };

  return {
    asRequest,
    writerOf,
    giveBack,

    /**
     * Lets a file in: its type, then its hold on the number of files and the bytes, then a
     * free name, each refused before a byte is stored. `streamed`: this process receives it
     * (a client-driven upload has no receiving process).
     */
    async begin(
      admitted: Admitted,
      file: {
        filename: string;
        mimeType: string;
        size: { exact: number } | { atMost: number | undefined };
        streamed: boolean;
      },
    ): Promise<Arrival> {
      const name = sanitizeFileName(file.filename);
      const accepted = acceptedTypes(admitted.row);
      if (!typeAccepted(accepted, name, file.mimeType)) {
        throw uploadRequestTypeNotAllowed(name, accepted);
      }
      const perFile = fileSizeLimit(admitted.row, await maxUploadBytes());
      const { claim, refusal } = await hold(admitted.row.slug, name, perFile, file.size);
      const id = randomUUID();
      const mimetype = mimetypeFor(name, file.mimeType);
      try {
        const free = await freeName(admitted, name, {
          id,
          mimetype,
          claimed_bytes: claim.bytes,
          owner_process: file.streamed ? owner.id : null,
        });
        if (!(await write.targetFolderExists(free.target))) throw uploadRequestPathGone();
        return { id, name: free.name, mimetype, target: free.target, claim, refusal };
      } catch (error) {
        await giveBack({ id, claim });
        throw error;
      }
    },

    /** The file is stored: it counts with its real size. */
    finish: (arrival: Pick<Arrival, 'id' | 'claim'>, size: number) =>
      repository.finishArrival(arrival.id, arrival.claim, size, clock.now()),
  };
}

export type Arrivals = ReturnType<typeof createArrivals>;
