import { ERROR_CODES } from '@sharebin/shared';
import { AppError } from '../../app/errors';

export const mountNotFound = () =>
  new AppError(404, ERROR_CODES.mountNotFound, 'No mount with this id');

export const mountPathTaken = (mountPath: string) =>
  new AppError(
    409,
    ERROR_CODES.mountPathTaken,
    `Another mount already uses the path ${mountPath}`,
    {
      mount_path: mountPath,
    },
  );

export const mountPathCaseConflict = (mountPath: string, conflictingPath: string) =>
  new AppError(
    409,
    ERROR_CODES.mountPathCaseConflict,
    `The path ${mountPath} differs only in letter case from the mount path ${conflictingPath}`,
    { mount_path: mountPath, conflicting_path: conflictingPath },
  );

export const mountStorageTypeMismatch = (storageType: string, configType: string) =>
  new AppError(
    400,
    ERROR_CODES.mountStorageTypeMismatch,
    `The storage configuration is of type ${configType}, not ${storageType}`,
    { storage_type: storageType, config_type: configType },
  );
