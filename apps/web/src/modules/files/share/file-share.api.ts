import type { PublicFile } from '@sharebin/shared';
import { api } from '../../../app/api-client';
import { appPageUrl } from '../../../app/runtime-config';
import { resolveBackendUrl } from '../../../shared/backend';

const slugPath = (slug: string) => encodeURIComponent(slug);

/** A file share's page, on the address (and base path) the app is served from. */
export function fileShareUrl(slug: string): string {
  return appPageUrl(`/file/${slugPath(slug)}`);
}

/** Public file share calls (SPEC §7 Files). */
export const fileShareApi = {
  /** Counts a view; a protected share answers only `{slug, requires_password: true}`. */
  view: (slug: string) => api.get<PublicFile>(`/public/files/${slugPath(slug)}`, { auth: 'none' }),
  /** Checks the password and counts a view; the answer carries short-lived content URLs. */
  verify: (slug: string, password: string) =>
    api.post<PublicFile>(
      `/public/files/${slugPath(slug)}/verify`,
      { password },
      { auth: 'none', onUnauthorized: 'report' },
    ),
  /** The content URLs come relative to the API's origin. */
  contentUrl: (url: string) => resolveBackendUrl(url),
};
