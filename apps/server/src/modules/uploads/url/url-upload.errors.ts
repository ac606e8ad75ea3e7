import { ERROR_CODES } from '@sharebin/shared';
import { AppError } from '../../../app/errors';
import { UrlFetchError } from './url-fetch';

const STATUS_AND_CODE: Record<UrlFetchError['reason'], [400 | 502 | 504, string]> = {
  invalid_url: [400, ERROR_CODES.urlInvalid],
  forbidden_address: [400, ERROR_CODES.urlForbiddenAddress],
  unreachable: [502, ERROR_CODES.urlUnreachable],
  too_many_redirects: [502, ERROR_CODES.urlUnreachable],
  timeout: [504, ERROR_CODES.urlTimeout],
  http_status: [502, ERROR_CODES.urlHttpError],
};

export function urlFetchErrorToAppError(error: unknown): AppError | undefined {
  if (!(error instanceof UrlFetchError)) return undefined;
  const [status, code] = STATUS_AND_CODE[error.reason];
  return new AppError(
    status,
    code,
    error.message,
    error.status ? { remoteStatus: error.status } : undefined,
  );
}
