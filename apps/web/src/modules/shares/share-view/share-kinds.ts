import { ERROR_CODES } from '@sharebin/shared';
import { isApiError } from '../../../app/api-client';

/**
 * Why a share cannot be shown: 404, or 410 expired or used up; a share of a mounted path or an
 * upload request also when its path went away outside Sharebin (`pathGone`).
 */
export type UnavailableReason = 'notFound' | 'expired' | 'exhausted' | 'pathGone';

const PASTE_GONE: Record<string, UnavailableReason> = {
  [ERROR_CODES.pasteNotFound]: 'notFound',
  [ERROR_CODES.validationFailed]: 'notFound',
  [ERROR_CODES.pasteExpired]: 'expired',
  [ERROR_CODES.pasteViewsExhausted]: 'exhausted',
};

const FILE_GONE: Record<string, UnavailableReason> = {
  [ERROR_CODES.fileNotFound]: 'notFound',
  [ERROR_CODES.validationFailed]: 'notFound',
  [ERROR_CODES.fileExpired]: 'expired',
  [ERROR_CODES.fileViewsExhausted]: 'exhausted',
};

const FS_GONE: Record<string, UnavailableReason> = {
  [ERROR_CODES.fsShareNotFound]: 'notFound',
  [ERROR_CODES.validationFailed]: 'notFound',
  [ERROR_CODES.fsShareExpired]: 'expired',
  [ERROR_CODES.fsShareViewsExhausted]: 'exhausted',
  [ERROR_CODES.fsSharePathGone]: 'pathGone',
};

const LINK_GONE: Record<string, UnavailableReason> = {
  [ERROR_CODES.linkNotFound]: 'notFound',
  [ERROR_CODES.validationFailed]: 'notFound',
  [ERROR_CODES.linkExpired]: 'expired',
  [ERROR_CODES.linkViewsExhausted]: 'exhausted',
};

/** A request whose files all arrived is used up, as a share whose views all went. */
const UPLOAD_REQUEST_GONE: Record<string, UnavailableReason> = {
  [ERROR_CODES.uploadRequestNotFound]: 'notFound',
  [ERROR_CODES.validationFailed]: 'notFound',
  [ERROR_CODES.uploadRequestExpired]: 'expired',
  [ERROR_CODES.uploadRequestFull]: 'exhausted',
  [ERROR_CODES.uploadRequestPathGone]: 'pathGone',
};

/**
 * Pastes, file shares, shares of mounted paths, short links and upload requests are shown
 * alike; each has its own texts, error codes and test ids.
 */
export const SHARE_KINDS = {
  paste: {
    texts: 'pasteView',
    pageTitle: 'titles.paste',
    testId: 'paste',
    wrongPassword: ERROR_CODES.pasteWrongPassword,
    gone: PASTE_GONE,
  },
  file: {
    texts: 'fileShare',
    pageTitle: 'titles.file',
    testId: 'file',
    wrongPassword: ERROR_CODES.fileWrongPassword,
    gone: FILE_GONE,
  },
  fs: {
    texts: 'fsShares.view',
    pageTitle: 'fsShares.view.pageTitle',
    testId: 'fs-share',
    wrongPassword: ERROR_CODES.fsShareWrongPassword,
    gone: FS_GONE,
  },
  link: {
    texts: 'links.view',
    pageTitle: 'links.view.pageTitle',
    testId: 'link',
    wrongPassword: ERROR_CODES.linkWrongPassword,
    gone: LINK_GONE,
  },
  uploadRequest: {
    texts: 'uploadRequests.view',
    pageTitle: 'uploadRequests.view.pageTitle',
    testId: 'upload-request',
    wrongPassword: ERROR_CODES.uploadRequestWrongPassword,
    gone: UPLOAD_REQUEST_GONE,
  },
} as const;

export type ShareKind = keyof typeof SHARE_KINDS;

/** The reason an error says the share is gone, or null for any other failure. */
export function unavailableReason(kind: ShareKind, error: unknown): UnavailableReason | null {
  return isApiError(error) ? (SHARE_KINDS[kind].gone[error.code] ?? null) : null;
}
