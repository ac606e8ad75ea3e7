import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppError } from './errors';

export type SuccessStatus = 200 | 201;

export function successResponse(c: Context, data: unknown, status: SuccessStatus = 200): Response {
  return c.json({ code: status, message: 'OK', data: data ?? null }, status);
}

export function errorResponse(c: Context, error: AppError): Response {
  const body = {
    code: error.status,
    message: error.message,
    error: error.code,
    ...(error.details === undefined ? {} : { details: error.details }),
  };
  return c.json(body, error.status as ContentfulStatusCode, error.headers);
}
