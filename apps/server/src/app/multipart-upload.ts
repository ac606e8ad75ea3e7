import type { Readable } from 'node:stream';
import Busboy from 'busboy';
import { unsupportedMediaType, validationFailed } from './errors';

export interface IncomingFile {
  /** Text fields that came before the file part. */
  fields: Record<string, string>;
  filename: string;
  mimeType: string;
  /** The file's bytes, streamed as they arrive; never buffered whole. */
  stream: Readable;
}

const MAX_FIELDS = 32;
const MAX_FIELD_BYTES = 64 * 1024;

const formError = (message: string) =>
  validationFailed([{ location: 'body', path: 'file', message }], message);

/**
 * Streams a `multipart/form-data` upload with exactly one file part, which must come after
 * the text fields (so that they can be checked before any byte is stored).
 */
export function receiveUpload<T>(
  contentType: string,
  body: Readable,
  handle: (file: IncomingFile) => Promise<T>,
): Promise<T> {
  if (!/^multipart\/form-data/i.test(contentType)) {
    return Promise.reject(unsupportedMediaType('multipart/form-data'));
  }
  return new Promise<T>((resolve, reject) => {
    const fields: Record<string, string> = {};
    let handling: Promise<T> | null = null;
    let failed = false;
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      reject(error);
    };

    const parser = Busboy({
      headers: { 'content-type': contentType },
      limits: { files: 1, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES, parts: MAX_FIELDS + 1 },
      defParamCharset: 'utf8',
    });
    parser.on('field', (name, value, info) => {
      if (handling) return fail(formError('Text fields must come before the file'));
      if (info.valueTruncated) return fail(formError(`The field ${name} is too long`));
      fields[name] = value;
    });
    parser.on('file', (_name, stream, info) => {
      if (handling) {
        stream.resume();
        return fail(formError('Send one file per request'));
      }
      handling = handle({
        fields: { ...fields },
        filename: info.filename ?? '',
        mimeType: info.mimeType,
        stream,
      });
      handling.catch((error) => {
        stream.resume();
        fail(error);
      });
    });
    parser.on('filesLimit', () => fail(formError('Send one file per request')));
    parser.on('fieldsLimit', () => fail(formError('Too many fields')));
    parser.on('error', fail);
    parser.on('close', () => {
      if (!handling) return fail(formError('The form has no file'));
      handling.then(resolve, fail);
    });
    body.on('error', fail).pipe(parser);
  });
}
