import type { Readable } from 'node:stream';
import { ERROR_CODES, type PublicUploadRequest } from '@sharebin/shared';
import { AppError } from '../../app/errors';
import type { ActivityLog } from '../dashboard/activity.recorder';
import type { FsWriteUseCases } from '../fs/fs-write.usecases';
import type { AccessTokens } from '../shared/access-token';
import type { Clock } from '../shared/clock';
import type { UploadRequestsTable } from '../shared/db.schema';
import { createShareAccess } from '../shares/share-access';
import type { SharePasswordGuard } from '../shares/share-password';
import type { ShareTombstones } from '../shares/share-tombstones';
import type { Admitted, Arrivals } from './upload-request-arrivals';
import {
  uploadRequestExpired,
  uploadRequestFull,
  uploadRequestNotFound,
  uploadRequestPasswordRequired,
  uploadRequestWrongPassword,
} from './upload-requests.errors';
import {
  accessScope,
  asShare,
  publicView,
  UPLOAD_REQUEST_ACCESS_TTL_MS,
} from './upload-requests.models';
import type { UploadRequestsRepository } from './upload-requests.repository';

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

/**
 * A request as the access rules read it: its files are its views, but for those still arriving
 * in parts that their sender can resume. Such a file holds its place (any new file is refused
 * past it, `Arrivals.begin`) without using the request up: its sender must get in to resume it,
 * even when it holds the last place.
 */
type RequestShare = ReturnType<typeof asShare> & { inProgress: { files: number; bytes: number } };

const NONE_IN_PROGRESS = { files: 0, bytes: 0 };

/** What visitors of an upload request may do: learn its limits and send files, nothing else. */
export function createUploadRequestVisits({
  repository,
  arrivals,
  write,
  maxUploadBytes,
  passwordGuard,
  accessTokens,
  tombstones,
  clock,
  activity,
}: {
  repository: UploadRequestsRepository;
  arrivals: Arrivals;
  write: Pick<FsWriteUseCases, 'upload'>;
  /** The server's own limit on one upload. */
  maxUploadBytes: () => Promise<number>;
  passwordGuard: SharePasswordGuard;
  accessTokens: AccessTokens;
  tombstones: ShareTombstones;
  clock: Clock;
  activity: ActivityLog;
}) {
  const access = createShareAccess<RequestShare>({
    kind: 'upload',
    find: async (slug) => {
      const row = await repository.findBySlug(slug);
      return row && visited(row);
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
  const { writerOf, asRequest } = arrivals;

  /** The request with its resumable files told apart (only a limited one can be full). */
  async function visited(row: UploadRequestsTable): Promise<RequestShare> {
    const limited = row.max_files > 0 || row.max_total_size > 0;
    const inProgress = limited ? await repository.resumableInProgress(row.id) : NONE_IN_PROGRESS;
    const share = asShare(row);
    return { ...share, views: Math.max(0, share.views - inProgress.files), inProgress };
  }

  async function describe(row: RequestShare): Promise<PublicUploadRequest> {
    // Every byte it accepts has arrived: as full as when every file has.
    const storedBytes = row.bytes_received - row.inProgress.bytes;
    if (row.max_total_size > 0 && storedBytes >= row.max_total_size) throw uploadRequestFull();
    await writerOf(row);
    return {
      ...publicView(row, await maxUploadBytes()),
      files_in_progress: row.inProgress.files,
      bytes_in_progress: row.inProgress.bytes,
    };
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
    async admit(slug: string, credentials: UploadRequestCredentials): Promise<Admitted> {
      const row = await access.authorize(slug, credentials);
      return { row, writer: await writerOf(row) };
    },

    /**
     * Stores one file into the request's folder under a free name, within every limit: its
     * type, the per-file size, the number of files and the total, all held before a byte is
     * stored, so that concurrent senders on any instance never get past them.
     */
    async receive(
      admitted: Admitted,
      incoming: IncomingUpload,
    ): Promise<{ name: string; size: number }> {
      const arrival = await arrivals
        .begin(admitted, {
          filename: incoming.filename,
          mimeType: incoming.mimeType,
          size: { atMost: incoming.sizeAtMost },
          streamed: true,
        })
        .catch((error: unknown) => {
          incoming.stream.resume();
          throw error;
        });
      let size: number;
      try {
        ({ size } = await asRequest(() =>
          write.upload(admitted.writer, admitted.row.path, arrival.name, incoming.stream, {
            target: arrival.target,
            contentType: arrival.mimetype,
            maxBytes: arrival.claim.bytes,
            ...(incoming.sizeAtMost === undefined ? {} : { sizeAtMost: incoming.sizeAtMost }),
          }),
        ));
      } catch (error) {
        incoming.stream.resume();
        await arrivals.giveBack(arrival);
        if (error instanceof AppError && error.code === ERROR_CODES.fileTooLarge) {
          throw arrival.refusal;
        }
        throw error;
      }
      await arrivals.finish(arrival, size);
      return { name: arrival.name, size };
    },
  };
}

export type UploadRequestVisits = ReturnType<typeof createUploadRequestVisits>;
