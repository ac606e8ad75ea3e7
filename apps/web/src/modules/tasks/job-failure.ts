import type { FsJob } from '@sharebin/shared';
import { wordedFailure } from '../../app/error-messages';

/**
 * Why a job failed as a whole, in the reader's language where its code has words, else the
 * server's text. Here rather than beside `failureText`: only the task views need it, and the
 * home page's first load carries app/error-messages.
 */
export function jobFailureText(
  job: Pick<FsJob, 'error' | 'error_code' | 'error_details'>,
  language: string,
): string | null {
  if (!job.error) return null;
  const worded = job.error_code ? wordedFailure(job.error_code, job.error_details, language) : null;
  return worded ?? job.error;
}
