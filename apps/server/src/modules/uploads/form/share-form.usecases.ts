import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileShare, Principal, uploadFormSchema } from '@sharebin/shared';
import type { z } from 'zod';
import { fileNotFound, fileSlugTaken, fileTooLarge, sizeMismatch } from '../../files/files.errors';
import { mimetypeFor } from '../../shared/media-types';
import { currentProcess } from '../../shared/process-identity';
import { updateWithSlug } from '../../shares/slugs';
import type { FlowDeps } from '../share-target/reservations';
import { countShareUploaded } from '../share-target/share-upload-flow';
import { finishTransfer } from '../stream-transfer';

type UploadFields = z.output<typeof uploadFormSchema>;

/** POST /upload: a multipart form whose file streams to the storage as it arrives. */
export function createFormUpload(deps: FlowDeps) {
  const { repository, records, storage, drivers, clock, reservations } = deps;
  const { discard, describeShare } = records;
  const { limitsFor, reserve, meter, relocate, lateOptionChanges } = reservations;

  return {
    /**
     * POST /upload, before its body is read: a form whose length alone is over the upload limit
     * (`fileBytesAtMost`: its length less the most its fields can take) is refused.
     */
    async checkUploadLength(fileBytesAtMost: number): Promise<void> {
      if (!Number.isFinite(fileBytesAtMost)) return;
      const maxUpload = await deps.maxUploadBytes();
      if (fileBytesAtMost > maxUpload) throw fileTooLarge(maxUpload);
    },

    /**
     * POST /upload: the file streams to the storage as it arrives, within every limit, placed by
     * the fields that came before it. The share goes live only once the whole form has been
     * read and its fields (those after the file too) are valid; any failure on the way,
     * the client going away included, leaves neither a record nor an object.
     */
    async uploadStream(
      principal: Principal,
      input: {
        filename: string;
        /** The type the file part declared. */
        mimetype: string | undefined;
        fieldsBefore: UploadFields;
        /** Every field, validated, once the form has been read whole; rejects if it fails. */
        allFields: () => Promise<UploadFields>;
        body: Readable;
      },
    ): Promise<FileShare> {
      const early = input.fieldsBefore;
      const config = await storage.resolveForUpload(principal, early.s3_config_id || undefined);
      const limits = await limitsFor(config);
      if (early.size !== undefined) limits.check(early.size);
      let row = await reserve(
        principal,
        config,
        {
          filename: input.filename,
          mimetype: mimetypeFor(input.filename, early.mimetype || input.mimetype),
          // A declared size is held whole before the first byte; an undeclared one as it arrives.
          size: early.size ?? 0,
        },
        early,
        currentProcess.id,
      );
      try {
        const { counter, bytes } = meter(row, limits);
        const driver = await drivers.forConfig(config.id);
        const stored = driver.put(row.storage_path, counter, {
          contentType: row.mimetype,
          // Known from the start, so that a sweep can abort it if this process is killed.
          onMultipartStarted: (uploadId) => repository.update(row.id, { upload_id: uploadId }),
          ...(early.size === undefined ? {} : { contentLength: early.size }),
        });
        // Both sides let go of their files and sockets before the record goes.
        const { etag } = await finishTransfer(pipeline(input.body, counter), stored);
        row = { ...row, size: bytes(), etag };
        const fields = await input.allFields();
        if (fields.size !== undefined && fields.size !== row.size) {
          throw sizeMismatch(fields.size, row.size);
        }
        row = await relocate(principal, row, fields);
        const now = clock.now();
        const live = {
          ...row,
          mimetype: mimetypeFor(input.filename, fields.mimetype || input.mimetype),
          ...(await lateOptionChanges(
            {
              ...fields,
              // The password given before the file is the reservation's, hashed already.
              password: fields.password === early.password ? undefined : (fields.password ?? ''),
            },
            now,
          )),
          status: 'live' as const,
          updated_at: now,
        };
        const { id: _id, created_by: _by, created_at: _at, ...changes } = live;
        const wentLive = await updateWithSlug(
          () => repository.goLive(row.id, changes),
          fileSlugTaken,
        );
        // Removed while the bytes were arriving (an admin, the clean-up): nothing to answer for.
        if (!wentLive) throw fileNotFound();
        countShareUploaded(deps.activity, live.size);
        return describeShare(live);
      } catch (error) {
        input.body.resume();
        await discard(row);
        throw error;
      }
    },
  };
}
