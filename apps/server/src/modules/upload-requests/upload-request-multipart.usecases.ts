import type { Readable } from 'node:stream';
import {
  ERROR_CODES,
  type FsMultipartInitResponse,
  type RequestMultipartInit,
  type requestMultipartCompleteSchema,
} from '@sharebin/shared';
import type { z } from 'zod';
import { AppError } from '../../app/errors';
import type { UploadRequestFilesTable } from '../shared/db.schema';
import type { FsMultipart } from '../uploads/multipart/mount-multipart.usecases';
import type { Admitted, Arrivals } from './upload-request-arrivals';
import type { UploadRequestCredentials } from './upload-request-visits.usecases';
import { uploadRequestNotFound } from './upload-requests.errors';
import type { UploadRequestsRepository } from './upload-requests.repository';

/** Codes of a multipart upload that cannot be completed any more: its hold goes back. */
const ENDED = new Set<string>([ERROR_CODES.fsSizeMismatch, ERROR_CODES.fsUploadKeyInvalid]);

/**
 * Large files sent to an upload request in parts (SPEC §4's multipart flow): the declared size
 * is held against the request's limits at the start, every part is held to its length, and the
 * file appears only whole. Parts always go through this server: a storage's own part URL would
 * tell the visitor where the folder is.
 */
export function createRequestMultipart({
  repository,
  arrivals,
  multipart,
  admit,
}: {
  repository: Pick<
    UploadRequestsRepository,
    'receivingArrival' | 'noteUpload' | 'findById' | 'resumableArrival'
  >;
  arrivals: Arrivals;
  multipart: Pick<FsMultipart, 'init' | 'part' | 'complete' | 'abort'>;
  admit: (slug: string, credentials: UploadRequestCredentials) => Promise<Admitted>;
}) {
  /** An upload under way, with the storage ids its calls need and who writes it. */
  async function underWay(slug: string, id: string) {
    const arrival = await repository.receivingArrival(slug, id);
    const request = arrival && (await repository.findById(arrival.request_id));
    if (!arrival?.upload_id || !arrival.upload_key || !request) throw uploadRequestNotFound();
    const ref = { path: arrival.path, uploadId: arrival.upload_id, key: arrival.upload_key };
    return { arrival, ref, writer: await arrivals.writerOf(request) };
  }

  const holdOf = (arrival: UploadRequestFilesTable) => ({
    id: arrival.id,
    claim: { requestId: arrival.request_id, bytes: arrival.claimed_bytes },
  });

  /** Starts (or resumes, for a fingerprint) the storage's multipart upload of `arrival`. */
  const startUpload = (
    admitted: Admitted,
    arrival: { name: string; mimetype: string },
    input: { size: number; fingerprint?: string | undefined },
  ) =>
    arrivals.asRequest(() =>
      multipart.init(
        admitted.writer,
        {
          path: admitted.row.path,
          filename: arrival.name,
          contentType: arrival.mimetype,
          fileSize: input.size,
          ...(input.fingerprint ? { fingerprint: input.fingerprint } : {}),
        },
        () => '',
      ),
    );

  /** What the visitor's page needs: the upload, its name and this server's part addresses. */
  const describe = (
    arrival: { id: string; name: string },
    started: FsMultipartInitResponse,
    partUrl: (upload: string, partNumber: number) => string,
  ): RequestMultipartInit => ({
    upload: arrival.id,
    name: arrival.name,
    partSize: started.partSize,
    partCount: started.partCount,
    parts: started.parts.map(({ partNumber, length }) => ({
      partNumber,
      length,
      url: partUrl(arrival.id, partNumber),
    })),
    uploaded: started.uploaded,
  });

  /**
   * The request's file still arriving with this fingerprint and size: it goes on from the parts
   * stored (the file system's resume, under the request owner's name), keeping its claim.
   */
  async function resume(
    admitted: Admitted,
    input: { size: number; fingerprint?: string | undefined },
    partUrl: (upload: string, partNumber: number) => string,
  ): Promise<RequestMultipartInit | null> {
    if (!input.fingerprint) return null;
    const arrival = await repository.resumableArrival(
      admitted.row.id,
      input.fingerprint,
      input.size,
    );
    if (!arrival) return null;
    const started = await startUpload(admitted, arrival, input);
    // A fresh key (its lifetime counts from now), and a fresh upload where the storage had lost
    // the old one: under the same claim either way.
    await repository.noteUpload(arrival.id, {
      upload_id: started.uploadId,
      upload_key: started.key,
      upload_fingerprint: input.fingerprint,
    });
    return describe(arrival, started, partUrl);
  }

  return {
    async init(
      slug: string,
      credentials: UploadRequestCredentials,
      input: {
        filename: string;
        size: number;
        mimetype?: string | undefined;
        fingerprint?: string | undefined;
      },
      partUrl: (upload: string, partNumber: number) => string,
    ): Promise<RequestMultipartInit> {
      const admitted = await admit(slug, credentials);
      const resumed = await resume(admitted, input, partUrl);
      if (resumed) return resumed;
      const arrival = await arrivals.begin(admitted, {
        filename: input.filename,
        mimeType: input.mimetype ?? '',
        size: { exact: input.size },
        streamed: false,
      });
      try {
        const started = await startUpload(admitted, arrival, input);
        await repository.noteUpload(arrival.id, {
          upload_id: started.uploadId,
          upload_key: started.key,
          upload_fingerprint: input.fingerprint ?? null,
        });
        return describe(arrival, started, partUrl);
      } catch (error) {
        await arrivals.giveBack(arrival);
        throw error;
      }
    },

    async part(
      slug: string,
      upload: string,
      partNumber: number,
      body: Readable,
      contentLength: number | null,
    ) {
      const { ref, writer } = await underWay(slug, upload);
      return arrivals.asRequest(() =>
        multipart.part(writer, { ...ref, partNumber }, body, contentLength),
      );
    },

    async complete(
      slug: string,
      { upload, parts }: z.output<typeof requestMultipartCompleteSchema>,
    ): Promise<{ name: string; size: number }> {
      const { arrival, ref, writer } = await underWay(slug, upload);
      try {
        const { size } = await arrivals.asRequest(() =>
          multipart.complete(writer, { ...ref, parts, fileSize: arrival.claimed_bytes }),
        );
        await arrivals.finish(holdOf(arrival), size);
        return { name: arrival.name, size };
      } catch (error) {
        // A broken upload is over (the storage dropped it); a storage that failed may be retried.
        if (error instanceof AppError && ENDED.has(error.code)) {
          await arrivals.giveBack(holdOf(arrival));
        }
        throw error;
      }
    },

    /** Idempotent, as the file system's abort is. */
    async abort(slug: string, upload: string): Promise<void> {
      const arrival = await repository.receivingArrival(slug, upload);
      if (!arrival) return;
      const { ref, writer } = await underWay(slug, upload);
      await arrivals.asRequest(() => multipart.abort(writer, ref));
      await arrivals.giveBack(holdOf(arrival));
    },
  };
}

export type RequestMultipart = ReturnType<typeof createRequestMultipart>;
