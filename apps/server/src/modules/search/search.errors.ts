import {
  ERROR_CODES,
  SEARCH_MAX_LIMIT,
  SEARCH_MIN_LENGTH,
  SEARCH_QUERY_MAX_LENGTH,
} from '@sharebin/shared';
import { AppError } from '../../app/errors';

export const searchQueryTooShort = () =>
  new AppError(
    400,
    ERROR_CODES.searchQueryTooShort,
    `The search keyword needs at least ${SEARCH_MIN_LENGTH} characters`,
    { minLength: SEARCH_MIN_LENGTH },
  );

export const searchQueryTooLong = () =>
  new AppError(
    400,
    ERROR_CODES.searchQueryTooLong,
    `The search keyword may have at most ${SEARCH_QUERY_MAX_LENGTH} characters`,
    { maxLength: SEARCH_QUERY_MAX_LENGTH },
  );

export const searchInvalidPaging = () =>
  new AppError(
    400,
    ERROR_CODES.searchInvalidPaging,
    `limit must be an integer from 1 to ${SEARCH_MAX_LIMIT} and offset a non-negative integer`,
    { maxLimit: SEARCH_MAX_LIMIT },
  );

export const searchInvalidScope = (reason: string) =>
  new AppError(400, ERROR_CODES.searchInvalidScope, `The search scope is not valid: ${reason}`);

/** A path handed to the index that cannot name an entry of a mount. */
export const indexPathInvalid = (reason: string) =>
  new AppError(400, ERROR_CODES.pathInvalid, `The path is not valid: ${reason}`);
