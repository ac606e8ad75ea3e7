import { ERROR_CODES } from '@sharebin/shared';
import { AppError } from '../../app/errors';

export const mountNotFound = (id: string) =>
  new AppError(404, ERROR_CODES.mountNotFound, 'No mount point has this id', { mount_id: id });

export const pathOutsideBasePath = (path: string) =>
  new AppError(403, ERROR_CODES.authForbidden, `This key may not clear the cache of ${path}`, {
    path,
  });
