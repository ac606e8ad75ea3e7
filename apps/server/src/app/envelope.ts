import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppError } from './errors';

export type SuccessStatus = 200 | 201 | 202;

/**
 * JSON this server wrote. Marked so that `compressJsonAnswers` compresses it and never a
 * stored file that happens to be JSON (downloads, the URL proxy stream user content).
 */
export function jsonAnswer(
  c: Context,
  body: unknown,
  status: ContentfulStatusCode = 200,
  headers?: Record<string, string>,
): Response {
  c.set('jsonAnswer', true);
  return c.json(body, status, headers);
}

export function successResponse(c: Context, data: unknown, status: SuccessStatus = 200): Response {
  return jsonAnswer(c, { code: status, message: 'OK', data: data ?? null }, status);
}

export function errorResponse(c: Context, error: AppError): Response {
  const body = {
    code: error.status,
    message: error.message,
    error: error.code,
    ...(error.details === undefined ? {} : { details: error.details }),
  };
  return jsonAnswer(c, body, error.status as ContentfulStatusCode, error.headers);
}
