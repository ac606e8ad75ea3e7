import type { Readable } from 'node:stream';
import Busboy from 'busboy';
import { malformedForm, requestAborted, unsupportedMediaType } from './errors';

export interface IncomingFile {
  /** Text fields that came before the file part (they may be checked before any byte is stored). */
  fieldsBefore: Record<string, string>;
  /**
   * Every text field, before and after the file, once the whole form has been read and found
   * well formed. Rejects when the form fails (client gone, a second file, a broken body): a
   * handler must not make anything live before this has resolved.
   */
  allFields(): Promise<Record<string, string>>;
  filename: string;
  mimeType: string;
  /**
   * The file's bytes, streamed as they arrive (the reader may gather a small file whole).
   * Destroyed when the form fails.
   */
  stream: Readable;
}

const MAX_FIELDS = 32;
const MAX_FIELD_BYTES = 64 * 1024;
/** Busboy's limit on the headers of one part. */
const MAX_PART_HEADER_BYTES = 16 * 1024;
/** The most a form that passes our limits can carry besides its file's bytes. */
export const MAX_FORM_OVERHEAD_BYTES =
  MAX_FIELDS * MAX_FIELD_BYTES + (MAX_FIELDS + 1) * (MAX_PART_HEADER_BYTES + 256);

/**
 * Streams a `multipart/form-data` upload with exactly one file part, text fields before or after
 * it. Any failure (the client going away included) destroys the parser and the file stream at
 * once, so that whatever consumes the file fails and releases its handles; the answer waits
 * until `handle` has settled, so its clean-up is done when the request is.
 */
export async function receiveUpload<T>(
  contentType: string,
  body: Readable,
  handle: (file: IncomingFile) => Promise<T>,
): Promise<T> {
  const [result] = await receiveUploads(contentType, body, handle, { maxFiles: 1 });
  return result as T;
}

/**
 * The same for a form of up to `maxFiles` file parts: each is handled in turn, as it arrives
 * (the next one waits, held back by the stream, until the one before is handled). A failure
 * stops the form there; the files handled before it stay handled.
 */
export function receiveUploads<T>(
  contentType: string,
  body: Readable,
  handle: (file: IncomingFile) => Promise<T>,
  { maxFiles }: { maxFiles: number },
): Promise<T[]> {
  if (!/^multipart\/form-data/i.test(contentType)) {
    return Promise.reject(unsupportedMediaType('multipart/form-data'));
  }
  const tooManyFiles = () =>
    malformedForm(
      maxFiles === 1 ? 'Send one file per request' : `Send at most ${maxFiles} files per request`,
    );
  let parser: ReturnType<typeof Busboy>;
  try {
    parser = Busboy({
      headers: { 'content-type': contentType },
      limits: {
        files: maxFiles,
        fields: MAX_FIELDS,
        fieldSize: MAX_FIELD_BYTES,
        parts: MAX_FIELDS + maxFiles,
      },
      defParamCharset: 'utf8',
    });
  } catch (error) {
    // Busboy refuses a content type without a boundary before reading anything.
    return Promise.reject(malformedForm(error instanceof Error ? error.message : 'Malformed form'));
  }

  return new Promise<T[]>((resolve, reject) => {
    const fields: Record<string, string> = {};
    const results: T[] = [];
    let files = 0;
    let handling: Promise<void> | null = null;
    let failed = false;
    let formComplete: (fields: Record<string, string>) => void = () => {};
    let formFailed: (error: unknown) => void = () => {};
    const allFields = new Promise<Record<string, string>>((resolveForm, rejectForm) => {
      formComplete = resolveForm;
      formFailed = rejectForm;
    });
    // A handler that failed before asking for the fields must not leave an unhandled rejection.
    allFields.catch(() => {});

    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      formFailed(error);
      body.unpipe(parser);
      // Also destroys the file stream with the error, which fails the storage write under way.
      parser.destroy(error instanceof Error ? error : new Error(String(error)));
      // The rest of the body is left unread: the HTTP server drains a bounded amount after the
      // answer and closes the connection (see http-server.ts), so a refused client cannot keep
      // it reading.
      const settled = handling ?? Promise.resolve();
      settled.then(
        () => reject(error),
        () => reject(error),
      );
    };

    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) return fail(malformedForm(`The field ${name} is too long`));
      fields[name] = value;
    });
    parser.on('file', (_name, stream, info) => {
      if (files === maxFiles) {
        stream.resume();
        return fail(tooManyFiles());
      }
      files += 1;
      // The consumer's pipeline hears the stream's errors; until it is attached (or when the
      // handler fails before attaching it) a destroyed stream must not crash the process.
      stream.on('error', () => {});
      const incoming: IncomingFile = {
        fieldsBefore: { ...fields },
        allFields: () => allFields,
        filename: info.filename ?? '',
        mimeType: info.mimeType,
        stream,
      };
      handling = (handling ?? Promise.resolve()).then(async () => {
        results.push(await handle(incoming));
      });
      handling.catch((error) => {
        stream.resume();
        fail(error);
      });
    });
    parser.on('filesLimit', () => fail(tooManyFiles()));
    parser.on('fieldsLimit', () => fail(malformedForm('Too many fields')));
    parser.on('partsLimit', () => fail(malformedForm('Too many parts')));
    parser.on('error', (error) =>
      fail(malformedForm(error instanceof Error ? error.message : 'Malformed form')),
    );
    parser.on('close', () => {
      if (failed) return;
      if (!handling) return fail(malformedForm('The form has no file'));
      formComplete({ ...fields });
      handling.then(() => resolve(results), fail);
    });
    body.on('error', () => fail(requestAborted()));
    body.on('close', () => {
      if (!body.readableEnded) fail(requestAborted());
    });
    body.pipe(parser);
  });
}
