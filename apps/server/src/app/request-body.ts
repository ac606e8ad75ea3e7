import { malformedJson, payloadTooLarge, unsupportedMediaType } from './errors';

export const DEFAULT_JSON_BODY_LIMIT = 1024 * 1024;

/**
 * Reads a JSON body within `limit` bytes. An absent body reads as `{}` so that routes whose
 * fields are all optional accept an empty POST; anything else must be declared JSON.
 */
export async function readJsonBody(request: Request, limit: number): Promise<unknown> {
  const declaredLength = Number(request.headers.get('content-length') ?? Number.NaN);
  if (declaredLength > limit) throw payloadTooLarge(limit);
  const text = await readTextWithin(request, limit);
  if (text.trim() === '') return {};
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(contentType)) {
    throw unsupportedMediaType('application/json');
  }
  try {
    return JSON.parse(text);
  } catch {
    throw malformedJson();
  }
}

const TEXT_TYPE = /^text\/[\w.+-]+\s*(;|$)/i;

export const isPlainTextBody = (request: Request) =>
  TEXT_TYPE.test(request.headers.get('content-type') ?? '');

/** Reads a `text/*` body (UTF-8) within `limit` bytes. */
export async function readPlainTextBody(request: Request, limit: number): Promise<string> {
  const declaredLength = Number(request.headers.get('content-length') ?? Number.NaN);
  if (declaredLength > limit) throw payloadTooLarge(limit);
  return readTextWithin(request, limit);
}

async function readTextWithin(request: Request, limit: number): Promise<string> {
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw payloadTooLarge(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
