import type { PublicUploadRequest } from '@sharebin/shared';
import { type Allowance, allowanceOf } from '../upload-request.limits';

/**
 * What the page lets the visitor choose: the request's free places, and those of files still
 * arriving in parts. The same file chosen again resumes one in its place, even the last one; the
 * server refuses any other file as full.
 */
export function choosableAllowance(request: PublicUploadRequest): Allowance {
  const allowance = allowanceOf(request);
  const files = request.files_in_progress ?? 0;
  const bytes = request.bytes_in_progress ?? 0;
  return {
    ...allowance,
    remainingFiles: allowance.remainingFiles === null ? null : allowance.remainingFiles + files,
    remainingBytes: allowance.remainingBytes === null ? null : allowance.remainingBytes + bytes,
  };
}
