import { ERROR_CODES, NAME_MAX_BYTES } from '@sharebin/shared';
import { AppError } from '../../app/errors';

export const fsPathForbidden = (path: string) =>
  new AppError(403, ERROR_CODES.fsPathForbidden, `The path ${path} lies outside your base path`, {
    path,
  });

export const fsReadOnly = (path: string) =>
  new AppError(403, ERROR_CODES.fsReadOnly, `Your access to ${path} is read-only`, { path });

/** A write aimed at the virtual tree: the root, a folder between mounts, or a mount point. */
export const fsVirtualPath = (path: string) =>
  new AppError(
    403,
    ERROR_CODES.fsVirtualPath,
    `${path} is a mount point or lies above the mounts: write inside a mount instead`,
    { path },
  );

export const fsNotFound = (path: string) =>
  new AppError(404, ERROR_CODES.fsNotFound, `Nothing at ${path}`, { path });

export const fsNameTooLong = (path: string, name: string) =>
  new AppError(
    400,
    ERROR_CODES.fsNameTooLong,
    `A name may be at most ${NAME_MAX_BYTES} bytes long (UTF-8): ${name.slice(0, 32)}… is ${new TextEncoder().encode(name).length}`,
    { path, limitBytes: NAME_MAX_BYTES },
  );

/** A write that would take their file from live shares (they keep it in a mounted storage). */
export const fsUsedByShares = (path: string, shares: number) =>
  new AppError(
    409,
    ERROR_CODES.fsUsedByShares,
    `${shares} file share(s) keep their file at ${path}: delete them in File management first`,
    { path, shares },
  );

export const fsNotAFile = (path: string) =>
  new AppError(400, ERROR_CODES.fsNotAFile, `${path} is a folder, not a file`, { path });

export const fsAlreadyExists = (path: string) =>
  new AppError(409, ERROR_CODES.fsAlreadyExists, `Something already exists at ${path}`, { path });

export const fsIntoItself = (source: string, target: string) =>
  new AppError(409, ERROR_CODES.fsIntoItself, `The folder ${source} cannot go into ${target}`, {
    source,
    target,
  });

export const fsContentTooLarge = (limitBytes: number) =>
  new AppError(
    413,
    ERROR_CODES.fsContentTooLarge,
    `File content is larger than the ${limitBytes / 1024 / 1024} MB an edit may save`,
    { limitBytes },
  );

export const fsRenameAcrossFolders = (oldPath: string, newPath: string) =>
  new AppError(
    400,
    ERROR_CODES.fsRenameAcrossFolders,
    'A rename keeps the item in its folder: use move to put it elsewhere',
    { oldPath, newPath },
  );

/** A multipart `key` that the server did not sign for this path and upload, or one expired. */
export const fsUploadKeyInvalid = (path: string) =>
  new AppError(
    403,
    ERROR_CODES.fsUploadKeyInvalid,
    `This upload key is not valid for ${path}: start the upload again`,
    { path },
  );

export const fsUploadUnsupported = (path: string, flow: 'multipart' | 'presign') =>
  new AppError(
    400,
    ERROR_CODES.fsUploadUnsupported,
    `The storage of ${path} does not support ${flow} uploads`,
    { path, flow },
  );

export const fsPartOutOfRange = (partNumber: number, partCount: number) =>
  new AppError(
    400,
    ERROR_CODES.fsPartOutOfRange,
    `This upload has ${partCount} part(s); there is no part ${partNumber}`,
    { partNumber, partCount },
  );

export const fsPartLengthMismatch = (partNumber: number, expected: number, actual: number | null) =>
  new AppError(
    400,
    ERROR_CODES.fsPartLengthMismatch,
    `Part ${partNumber} must hold exactly ${expected} bytes (Content-Length)`,
    { partNumber, expected, actual },
  );

export const fsSizeMismatch = (path: string, expected: number, actual: number) =>
  new AppError(
    409,
    ERROR_CODES.fsSizeMismatch,
    `${path} holds ${actual} bytes, not the ${expected} declared`,
    { path, expected, actual },
  );

export const fsUploadMissing = (path: string) =>
  new AppError(404, ERROR_CODES.fsUploadMissing, `Nothing was uploaded to ${path}`, { path });

export const fsEtagMismatch = (path: string) =>
  new AppError(
    409,
    ERROR_CODES.fsEtagMismatch,
    `The file at ${path} is not the one uploaded: its ETag differs`,
    { path },
  );

export const fsMountMismatch = (path: string, mountId: string) =>
  new AppError(400, ERROR_CODES.fsMountMismatch, `${path} is not in the mount ${mountId}`, {
    path,
    mountId,
  });

export const fsStorageKeyMismatch = (path: string) =>
  new AppError(
    400,
    ERROR_CODES.fsStorageKeyMismatch,
    `The storage key sent is not the key of ${path}`,
    { path },
  );

/** SPEC §5: none of the sources of a copy or move exists. */
export const fsNoFilesToCopy = () =>
  new AppError(404, ERROR_CODES.fsNoFilesToCopy, 'no files found to copy');

/** A moved folder whose files did not all go (skipped or failed) stays, with those files. */
export const fsFolderKept = (path: string) =>
  new AppError(
    409,
    ERROR_CODES.fsFolderKept,
    `${path} keeps the files that were not moved, so it stays`,
    { path },
  );

/** Not an image libvips reads here, or larger than thumbnails are made of. */
export const fsThumbnailUnsupported = (path: string, maxSourceBytes?: number) =>
  new AppError(
    415,
    ERROR_CODES.fsThumbnailUnsupported,
    maxSourceBytes === undefined
      ? `No thumbnail is made of ${path} (not an image, a video or a PDF)`
      : `${path} is larger than thumbnails are made of (${maxSourceBytes} bytes)`,
    { path },
  );

/** The image could not be read (damaged, or too many pixels). */
export const fsThumbnailFailed = (path: string) =>
  new AppError(422, ERROR_CODES.fsThumbnailFailed, `No thumbnail could be made of ${path}`, {
    path,
  });

/** Too many pictures already wait their turn: asked again later, it is made. */
export const fsThumbnailBusy = (path: string) =>
  new AppError(
    503,
    ERROR_CODES.fsThumbnailBusy,
    `Too many thumbnails are being made: ask for ${path} again shortly`,
    { path },
    { 'Retry-After': '5' },
  );

/** Not an archive listed here (zip, tar, tar.gz / tgz). */
export const fsArchiveUnsupported = (path: string) =>
  new AppError(
    415,
    ERROR_CODES.fsArchiveUnsupported,
    `${path} is not an archive that can be opened here (zip, tar, tar.gz)`,
    { path },
  );

/** Damaged, truncated, or not what its name says. */
export const fsArchiveUnreadable = (path: string) =>
  new AppError(422, ERROR_CODES.fsArchiveUnreadable, `${path} could not be read as an archive`, {
    path,
  });

export const fsArchiveEntryNotFound = (path: string, entry: string) =>
  new AppError(404, ERROR_CODES.fsArchiveEntryNotFound, `${path} holds no file ${entry}`, {
    path,
    entry,
  });

/** A link, or a name that would land outside the folder (zip-slip): never extracted. */
export const fsArchiveUnsafeEntry = (path: string, entry: string) =>
  new AppError(
    422,
    ERROR_CODES.fsArchiveUnsafeEntry,
    `${entry} in ${path} is a link or leads outside the folder, so it was not extracted`,
    { path, entry },
  );

/** More than one extraction writes (EXTRACT_MAX_*): an archive bomb, or just too large. */
export const fsArchiveTooLarge = (
  path: string,
  limit: 'entries' | 'bytes' | 'ratio',
  value: number,
  max: number,
) => {
  const said = {
    entries: `holds more than ${max} entries`,
    bytes: `would expand to more than ${max} bytes`,
    ratio: `would expand to ${Math.round(value)} times its size, more than ${max}`,
  }[limit];
  return new AppError(
    422,
    ERROR_CODES.fsArchiveTooLarge,
    `${path} ${said}: it is not extracted (nothing was written)`,
    { path, limit, value, max },
  );
};

/** A video or PDF, whose thumbnail needs a program this server does not have (README). */
export const fsThumbnailToolMissing = (path: string, kind: 'video' | 'pdf', tool: string) =>
  new AppError(
    415,
    ERROR_CODES.fsThumbnailToolMissing,
    `${path}: thumbnails of ${kind === 'video' ? 'videos' : 'PDF files'} need ${tool}, which this server does not have`,
    { path, kind, tool },
  );
