/**
 * The files feature's public entry: what other features import from it, named (the rule
 * web-features-through-their-entry in .dependency-cruiser.cjs). Its own files import each other
 * directly, never through here.
 */
export { FilePreview } from './components/share/FilePreview';
export { fileTypeIcon } from './components/share/file-type-icon';
export { previewKind, textLanguage } from './share/file-preview';
export type { CancelSource } from './upload/cancel-token';
export { createCancelSource } from './upload/cancel-token';
export { fileFingerprint } from './upload/file-fingerprint';
export type { CompletedPart } from './upload/parts';
export { sendPartsInParallel } from './upload/parts';
export { sendWithProgress } from './upload/transfer';
export {
  describeApiFailure,
  describePartFailure,
  describeTransferFailure,
  isConnectionLoss,
  isTransferError,
  isUploadError,
  multipartFailure,
  UploadError,
  uploadCancelled,
  withCleanupFailure,
  withResumeHint,
} from './upload/upload.errors';
export type { UploadHooks, UploadStage } from './upload/upload.types';
export type { ProgressSample } from './upload/upload-progress';
export {
  DONE_PERCENT,
  isReportDue,
  percentOf,
  SPEED_WINDOW_MS,
  speedOf,
} from './upload/upload-progress';
