import type { FsEntry, Principal } from '@sharebin/shared';
import { ERROR_CODES } from '@sharebin/shared';
import { AppError } from '../../app/errors';
import type { ActivityLog } from '../dashboard/activity.recorder';
import type { FsReadUseCases } from '../fs/fs-read.usecases';
import { objectResponse } from '../storage/object-response';
import type { DavPaths } from './dav-paths';
import { escapeXml } from './dav-xml';

/** The entry at `path`, or null when there is none (other refusals propagate). */
export async function entryOrNull(
  read: FsReadUseCases,
  principal: Principal,
  path: string,
): Promise<FsEntry | null> {
  try {
    return await read.get(principal, path);
  } catch (error) {
    if (error instanceof AppError && error.code === ERROR_CODES.fsNotFound) return null;
    throw error;
  }
}

/** A folder as a plain page of links, for a browser pointed at /dav. */
async function folderPage(
  read: FsReadUseCases,
  paths: DavPaths,
  principal: Principal,
  path: string,
) {
  const listing = await read.list(principal, path);
  const links = listing.items
    .map((item) => {
      const href = escapeXml(paths.hrefOf(item.path, item.is_directory));
      return `<li><a href="${href}">${escapeXml(item.name)}${item.is_directory ? '/' : ''}</a></li>`;
    })
    .join('\n');
  const title = escapeXml(path);
  const html = `<!doctype html><meta charset="utf-8"><title>${title}</title><h1>${title}</h1><ul>\n${links}\n</ul>\n`;
  return new Response(html, { headers: { 'Content-Type': 'text/html; charset=utf-8' } });
}

/**
 * Set in place, the body untouched: the very answer `objectResponse` made is what the HTTP
 * server sends from its Node stream (a copy would go through the web stream).
 */
function withLastModified(response: Response, modified: string | null): Response {
  if (modified) response.headers.set('Last-Modified', new Date(modified).toUTCString());
  return response;
}

/**
 * GET: a file's bytes (Range supported, the same safe headers as the API), or a folder page.
 * HEAD is the same answer, whose body the app's `headAnswers` middleware cancels.
 */
export async function getResource(
  read: FsReadUseCases,
  paths: DavPaths,
  /** GET bodies count their bytes out. */
  activity: ActivityLog,
  principal: Principal,
  path: string,
  range: string | undefined,
): Promise<Response> {
  // A file first (one stat, not two): a folder (or a mount's root) answers "not a file".
  let file: Awaited<ReturnType<FsReadUseCases['download']>>;
  try {
    file = await read.download(principal, path, range);
  } catch (error) {
    if (!(error instanceof AppError && error.code === ERROR_CODES.fsNotAFile)) throw error;
    const folder = await read.get(principal, path);
    const page = await folderPage(read, paths, principal, path);
    return withLastModified(page, folder.modified);
  }
  const response = objectResponse({
    object: file.object,
    filename: file.name,
    contentType: file.contentType,
    download: true,
    activity,
  });
  return withLastModified(response, file.modified);
}
