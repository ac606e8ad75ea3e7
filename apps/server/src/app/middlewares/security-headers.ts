import type { MiddlewareHandler } from 'hono';
import { servedOverHttps } from '../public-origin';
import { setAnswerHeaders } from './answer-headers';

/** For the web app's pages: scripts only from this origin; Mantine sets inline styles. */
export const APP_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  // Storages with direct downloads show shared images and media from presigned URLs on their
  // own endpoint or custom host (http for a MinIO on the LAN); frames stay on this origin.
  "img-src 'self' data: blob: https: http:",
  "media-src 'self' blob: https: http:",
  "font-src 'self' data:",
  // Uploads PUT straight to the storage (presigned URLs on any S3 endpoint) and URL uploads
  // download from the URL itself first (SPEC §4): the page must reach other origins.
  "connect-src 'self' https: http:",
  "worker-src 'self' blob:",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * For the web app's service worker: a worker runs under its own script's policy, and it
 * fetches this origin's files (the app shell, lazily loaded chunks) and nothing else.
 */
export const SERVICE_WORKER_CONTENT_SECURITY_POLICY = "default-src 'self'";

/** For JSON answers: nothing in them may load or run anything. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * Browsers reached over https keep using https for a year. Not `includeSubDomains` nor
 * `preload`: other sites on the same domain are not this server's to decide.
 */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';

export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const current = c.res.headers;
    const headers: Record<string, string> = {
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
    };
    // Only over https (a trusted proxy's X-Forwarded-Proto, or PUBLIC_URL): browsers ignore
    // it over http, and a forged header must not pin a plain-http server.
    if (servedOverHttps(c)) headers['Strict-Transport-Security'] = STRICT_TRANSPORT_SECURITY;
    if (!current.has('X-Frame-Options')) headers['X-Frame-Options'] = 'DENY';
    if (!current.has('Content-Security-Policy')) {
      const isHtml = current.get('content-type')?.startsWith('text/html');
      headers['Content-Security-Policy'] = isHtml
        ? APP_CONTENT_SECURITY_POLICY
        : API_CONTENT_SECURITY_POLICY;
    }
    setAnswerHeaders(c, headers);
  };
}
