import { backendBaseUrl } from '../app/runtime-config';

/**
 * An address the API handed out: absolute (S3) or relative to the API's origin (the local
 * storage's signed URLs, share content). Relative ones are joined to the backend base, which
 * may sit under a path of its own.
 */
export function resolveBackendUrl(url: string): string {
  if (/^[a-z][a-z\d+.-]*:/i.test(url)) return url;
  return `${backendBaseUrl()}${url.startsWith('/') ? url : `/${url}`}`;
}
