import { ERROR_CODES } from '@sharebin/shared';
import { AppError } from '../../app/errors';
import { storageErrorToAppError } from '../storage/storage-errors.mapper';
import { xmlDeclaration } from './dav-xml-declaration';

/**
 * A WebDAV failure: a status, and for the RFC 4918 preconditions the element that names the
 * condition in a `DAV:error` body (never the JSON envelope of `/api`).
 */
export class DavError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly condition?: string,
    readonly headers: Record<string, string> = {},
    /** XML inside the condition element (the locked root's href for `lock-token-submitted`). */
    readonly conditionContent = '',
  ) {
    super(message);
    this.name = 'DavError';
  }
}

export const davBadRequest = (message: string) => new DavError(400, message);
export const davBadGateway = () =>
  new DavError(502, 'The Destination names another server or a path outside /dav');
export const davUnauthorized = () =>
  new DavError(401, 'Sign in with the admin account or an API key', undefined, {
    'WWW-Authenticate': 'Basic realm="Sharebin WebDAV", charset="UTF-8"',
  });
export const davConflict = (message: string) => new DavError(409, message);
export const davNotAllowed = (message: string) => new DavError(405, message);
export const davPreconditionFailed = (message: string) => new DavError(412, message);
export const davFiniteDepth = (limit: number) =>
  new DavError(
    403,
    `Depth: infinity lists at most ${limit} entries; ask with Depth 1`,
    'propfind-finite-depth',
  );

/** The status a file-system refusal takes over WebDAV, where it differs from the API's. */
const STATUS_BY_CODE: Record<string, number> = {
  [ERROR_CODES.fsVirtualPath]: 403,
  [ERROR_CODES.fsReadOnly]: 403,
  [ERROR_CODES.fsPathForbidden]: 403,
};

/** Any error as a WebDAV answer; `undefined` for a bug, which the app's handler logs as a 500. */
export function davErrorOf(error: unknown): DavError | undefined {
  if (error instanceof DavError) return error;
  const appError = error instanceof AppError ? error : storageErrorToAppError(error);
  if (!appError) return undefined;
  const status = STATUS_BY_CODE[appError.code] ?? appError.status;
  return new DavError(status, appError.message, undefined, appError.headers ?? {});
}

export function davErrorResponse(error: DavError): Response {
  const headers = new Headers(error.headers);
  if (error.condition) {
    headers.set('Content-Type', 'application/xml; charset=utf-8');
    const condition = `<D:${error.condition}>${error.conditionContent}</D:${error.condition}>`;
    const body = `${xmlDeclaration}<D:error xmlns:D="DAV:">${condition}</D:error>`;
    return new Response(body, { status: error.status, headers });
  }
  headers.set('Content-Type', 'text/plain; charset=utf-8');
  return new Response(`${error.message}\n`, { status: error.status, headers });
}
