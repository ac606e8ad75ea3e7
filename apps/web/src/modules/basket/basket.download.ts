import { api } from '../../app/api-client';
import { downloadUrl } from '../../app/download';
import { resolveBackendUrl } from '../files/upload/transfer';
import { fsBase } from '../mount-explorer/fs.api';

/** The answer of `zip/link`; only `url` is relied on (the server may add more, e.g. a job). */
export interface ZipLink {
  url: string;
}

/** What started: the address the browser is fetching and the paths it packs. */
export interface ZipDownloadStarted {
  url: string;
  paths: string[];
}

/**
 * The one place a basket zip download starts: asks the server for a link to the archive
 * and hands it to the browser's own download (the archive never passes through page
 * memory, and the browser can resume it). A task manager wraps this to follow downloads.
 */
export async function startZipDownload(paths: string[]): Promise<ZipDownloadStarted> {
  const link = await api.post<ZipLink>(`${fsBase()}/zip/link`, { paths });
  const url = resolveBackendUrl(link.url);
  // An empty name lets the server's Content-Disposition name the archive.
  downloadUrl(url, '');
  return { url, paths };
}
