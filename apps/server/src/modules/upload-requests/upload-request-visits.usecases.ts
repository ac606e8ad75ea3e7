import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { ERROR_CODES, type Principal, type PublicUploadRequest } from '@sharebin/shared';
import { AppError } from '../../app/errors';
import type { ActivityLog } from '../dashboard/activity.recorder';
import { childPath } from '../fs/fs-entries.models';
import type { FsWriteUseCases, UploadTarget } from '../fs/fs-write.usecases';
import type { AccessTokens } from '../shared/access-token';
import type { Clock } from '../shared/clock';
import type { UploadRequestsTable } from '../shared/db.schema';
import { mimetypeFor } from '../shared/media-types';
import { currentProcess, type ProcessIdentity } from '../shared/process-identity';
import { createShareAccess } from '../shares/share-access';
import { createShareCreators } from '../shares/share-creator';
import type { SharePasswordGuard } from '../shares/share-password';
import { shareState } from '../shares/share-state';
import type { ShareTombstones } from '../shares/share-tombstones';
import {
  uploadRequestExpired,
  uploadRequestFileTooLarge,
  uploadRequestFull,
  uploadRequestNotFound,
  uploadRequestPasswordRequired,
  uploadRequestPathGone,
  uploadRequestTotalExceeded,
  uploadRequestTypeNotAllowed,
  uploadRequestWrongPassword,
} from './upload-requests.errors';
import {
  acceptedTypes,
  accessScope,
  asShare,
  fileSizeLimit,
  numberedName,
  publicView,
  sanitizeFileName,
  typeAccepted,
  UPLOAD_REQUEST_ACCESS_TTL_MS,
} from './upload-requests.models';
import type { Claim, UploadRequestsRepository } from './upload-requests.repository';

export interface UploadRequestCredentials {
  token?: string | undefined;
  password?: string | undefined;
  clientIp: string;
}

/** A file on its way in from a visitor. */
export interface IncomingUpload {
  filename: string;
  mimeType: string;
  stream: Readable;
  /** A bound on its length (its request's), when the client declared one. */
  sizeAtMost?: number;
}

/** Tries of `name (n).ext` before giving up on a folder full of namesakes. */
const MAX_NAME_TRIES = 1000;
/** Tries of a claim that lost a race to other senders before answering with what is left. */
const MAX_CLAIM_TRIES = 5;

/** A request as the access rules read it: its files are its views. */
type RequestShare = ReturnType<typeof asShare>;

/** What visitors of an upload request may do: learn its limits and send files, nothing else. */
export function createUploadRequestVisits({
  repository,
  write,
  apiKeyPrincipal,
  maxUploadBytes,
  passwordGuard,
  accessTokens,
  tombstones,
  clock,
  activity,
  owner = currentProcess,
}: {
  repository: UploadRequestsRepository;
  write: Pick<FsWriteUseCases, 'uploadTarget' | 'targetFolderExists' | 'upload' | 'checkWritable'>;
  apiKeyPrincipal: (id: string) => Promise<Principal | null>;
  /** The server's own limit on one upload. */
  maxUploadBytes: () => Promise<number>;
  passwordGuard: SharePasswordGuard;
  accessTokens: AccessTokens;
  tombstones: ShareTombstones;
  clock: Clock;
  activity: ActivityLog;
  /** Who receives: a crash's holds are given back by the housekeeping. */
  owner?: Pick<ProcessIdentity, 'id'>;
}) {
  const access = createShareAccess<RequestShare>({
    kind: 'upload',
    find: async (slug) => {
      const row = await repository.findBySlug(slug);
      return row && asShare(row);
    },
    accessScope,
    errors: {
      notFound: uploadRequestNotFound,
      expired: uploadRequestExpired,
      exhausted: uploadRequestFull,
      passwordRequired: uploadRequestPasswordRequired,
      wrongPassword: uploadRequestWrongPassword,
    },
    passwordGuard,
    accessTokens,
    tombstones,
    clock,
    activity,
  });
  const creators = createShareCreators(apiKeyPrincipal);

  /**
   * The request's creator, who files are written as, with the rights they have now. A folder
   * that went away, or that they may no longer write into, closes the request.
   */
  async function writerOf(row: UploadRequestsTable): Promise<Principal> {
    const principal = await creators.writer(row.created_by);
    if (!principal) throw uploadRequestPathGone();
    await asRequest(() => write.checkWritable(principal, row.path));
    return principal;
  }

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

  async function describe(row: UploadRequestsTable): Promise<PublicUploadRequest> {
    await writerOf(row);
    return publicView(row, await maxUploadBytes());
  }

  /**
   * Holds a file and the bytes it may bring against the request's limits, before any byte is
   * stored. The hold is what is left of the total (at most the per-file limit and the file's
   * bound); a sender who lost a race to others tries again with what is left then.
   */
  async function claimFor(slug: string, name: string, perFile: number, sizeAtMost?: number) {
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
      if (left <= 0) throw uploadRequestTotalExceeded(name, 0);
      const bytes = Math.min(perFile, left, sizeAtMost ?? Number.POSITIVE_INFINITY);
      const claim: Claim = { requestId: current.id, bytes };
      if (await repository.claim(claim, clock.now())) {
        return {
          claim,
          refusal:
            bytes === perFile
              ? uploadRequestFileTooLarge(name, perFile)
              : uploadRequestTotalExceeded(name, bytes),
        };
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
    row: UploadRequestsTable,
    writer: Principal,
    name: string,
    arrival: { id: string; mimetype: string; claimed_bytes: number },
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
        owner_process: owner.id,
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

  return {
    /** What a request accepts; a protected one says only that it needs a password. */
    async info(slug: string, credentials: UploadRequestCredentials): Promise<PublicUploadRequest> {
      if (credentials.token === undefined && credentials.password === undefined) {
        const row = await access.openOrProtected(slug);
        return row ? describe(row) : { slug, requires_password: true };
      }
      return describe(await access.authorize(slug, credentials));
    },

    /** The password (rate limited) for an access token to upload with. */
    async verify(slug: string, password: string, clientIp: string): Promise<PublicUploadRequest> {
      const row = await access.authorize(slug, { password, clientIp });
      return {
        ...(await describe(row)),
        access_token: accessTokens.issue(accessScope(row), UPLOAD_REQUEST_ACCESS_TTL_MS),
      };
    },

    /** Lets a visitor in (refused when closed, full or protected); checked once per request. */
    async admit(slug: string, credentials: UploadRequestCredentials) {
      const row = await access.authorize(slug, credentials);
      return { row: row as UploadRequestsTable, writer: await writerOf(row) };
    },

    /**
     * Stores one file into the request's folder under a free name, within every limit: its
     * type, the per-file size, the number of files and the total, all held before a byte is
     * stored, so that concurrent senders on any instance never get past them.
     */
    async receive(
      { row, writer }: { row: UploadRequestsTable; writer: Principal },
      incoming: IncomingUpload,
    ): Promise<{ name: string; size: number }> {
      const name = sanitizeFileName(incoming.filename);
      const accepted = acceptedTypes(row);
      if (!typeAccepted(accepted, name, incoming.mimeType)) {
        throw uploadRequestTypeNotAllowed(name, accepted);
      }
      const perFile = fileSizeLimit(row, await maxUploadBytes());
      const { claim, refusal } = await claimFor(row.slug, name, perFile, incoming.sizeAtMost);
      const arrivalId = randomUUID();
      const mimetype = mimetypeFor(name, incoming.mimeType);
      let stored: { name: string; size: number } | undefined;
      try {
        const { name: storedName, target } = await freeName(row, writer, name, {
          id: arrivalId,
          mimetype,
          claimed_bytes: claim.bytes,
        });
        if (!(await write.targetFolderExists(target))) throw uploadRequestPathGone();
        const { size } = await asRequest(() =>
          write.upload(writer, row.path, storedName, incoming.stream, {
            target,
            contentType: mimetype,
            maxBytes: claim.bytes,
            ...(incoming.sizeAtMost === undefined ? {} : { sizeAtMost: incoming.sizeAtMost }),
          }),
        );
        stored = { name: storedName, size };
        await repository.finishArrival(arrivalId, claim, size, clock.now());
        return stored;
      } catch (error) {
        if (!stored) {
          incoming.stream.resume();
          await repository.dropArrival(arrivalId);
          await repository.release(claim);
        }
        if (error instanceof AppError && error.code === ERROR_CODES.fileTooLarge) throw refusal;
        throw error;
      }
    },
  };
}

export type UploadRequestVisits = ReturnType<typeof createUploadRequestVisits>;
