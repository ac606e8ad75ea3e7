import { api } from '../../app/api-client';
import { downloadUrl } from '../../app/download';
import { resolveBackendUrl } from '../../shared/backend';
import { fsBase } from '../mount-explorer';
import { recordDownload } from '../tasks';

/** The answer of `zip/link`: the address, until when it works (the job is in the task list). */
export interface ZipLink {
  url: string;
  expires_at?: string;
}

/** What the task list calls the download: the archive's name, as the server names it. */
function archiveName(paths: string[]): string {
  if (paths.length !== 1) return `sharebin.zip (${paths.length})`;
  const name = (paths[0] as string).split('/').filter(Boolean).at(-1);
  return name ? `${name}.zip` : 'sharebin.zip';
}

/** What started: the address the browser is fetching and the paths it packs. */
export interface ZipDownloadStarted {
  url: string;
  paths: string[];
}

/**
 * The one place a basket zip download starts: asks the server for a link to the archive
 * and hands it to the browser's own download (the archive never passes through page
 * memory, and the browser can resume it), and lists it in the task manager.
 */
export async function startZipDownload(paths: string[]): Promise<ZipDownloadStarted> {
  const link = await api.post<ZipLink>(`${fsBase()}/zip/link`, { paths });
  const url = resolveBackendUrl(link.url);
  // An empty name lets the server's Content-Disposition name the archive.
  downloadUrl(url, '');
  // Listed in the task manager, with a way to start it again while the link works.
  recordDownload({ name: archiveName(paths), url, expiresAt: link.expires_at ?? null });
  return { url, paths };
}
