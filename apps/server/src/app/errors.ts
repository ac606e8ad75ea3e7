import { ERROR_CODES } from '@sharebin/shared';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * A failure with a stable code, mapped by the one error handler to the envelope
 * `{ code, message, error, details? }`. Domains create these through their `*.errors.ts`.
 */
export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const validationFailed = (details: unknown, message = 'The request is not valid') =>
  new AppError(400, ERROR_CODES.validationFailed, message, details);

export const malformedJson = () =>
  new AppError(400, ERROR_CODES.malformedJson, 'The request body is not valid JSON');

export const unsupportedMediaType = (expected: string) =>
  new AppError(415, ERROR_CODES.unsupportedMediaType, `The request body must be ${expected}`);

/** A multipart body that cannot be read as the form it claims to be (SPEC §5: 400, not 500). */
export const malformedForm = (reason: string) =>
  new AppError(400, ERROR_CODES.malformedForm, `The form is malformed: ${reason}`);

/** The client closed the connection before its body was complete; nobody reads this answer. */
export const requestAborted = () =>
  new AppError(400, ERROR_CODES.requestAborted, 'The request body was cut off by the client');

export const payloadTooLarge = (limitBytes: number) =>
  new AppError(413, ERROR_CODES.payloadTooLarge, `The request body exceeds ${limitBytes} bytes`);

export const routeNotFound = () =>
  new AppError(404, ERROR_CODES.routeNotFound, 'No such API route');

export const methodNotAllowed = (allowed: string[]) =>
  new AppError(405, ERROR_CODES.methodNotAllowed, 'Method not allowed on this route', undefined, {
    Allow: allowed.join(', '),
  });

export const internalError = () => new AppError(500, ERROR_CODES.internal, 'Internal server error');
