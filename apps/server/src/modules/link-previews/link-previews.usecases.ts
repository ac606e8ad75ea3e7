import type { PageMeta } from '../../app/page-meta';
import { accessScope as fileAccessScope } from '../files/files.models';
import { previewScope } from '../fs-shares/fs-shares.models';
import type { AccessTokens } from '../shared/access-token';
import type { Clock } from '../shared/clock';
import type {
  FileSharesTable,
  FsSharesTable,
  PastesTable,
  UploadRequestsTable,
} from '../shared/db.schema';
import { shareState } from '../shares/share-state';
import { asShare } from '../upload-requests/upload-requests.models';

/** How long an `og:image` address works: crawlers fetch it when the link is posted. */
const PREVIEW_MEDIA_TTL_MS = 24 * 3_600_000;
const TITLE_CHARS = 70;
const DESCRIPTION_CHARS = 200;

const clip = (text: string, chars: number) =>
  text.length <= chars ? text : `${text.slice(0, chars - 1).trimEnd()}…`;

/** A paste's first line as its title, the text after it as its description. */
function pasteMeta(row: PastesTable) {
  const lines = row.content
    .split('\n')
    .map((line) => (row.format === 'markdown' ? line.replace(/^#+\s*/, '') : line).trim())
    .filter(Boolean);
  return {
    title: clip(lines[0] ?? 'Paste', TITLE_CHARS),
    description: clip(lines.slice(1).join(' ').replace(/\s+/g, ' '), DESCRIPTION_CHARS),
  };
}

const sizeText = (bytes: number) => {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
};

/**
 * The meta tags of `/paste/{slug}`, `/file/{slug}`, `/s/{slug}` and `/r/{slug}` pages, read
 * without counting a view. A protected, expired or used-up share says only that it exists; an
 * unknown one nothing.
 */
export function createLinkPreviews({
  findPaste,
  findFile,
  findFsShare,
  fsShareMediaType,
  findUploadRequest,
  accessTokens,
  clock,
}: {
  findPaste: (slug: string) => Promise<PastesTable | undefined>;
  findFile: (slug: string) => Promise<FileSharesTable | undefined>;
  findFsShare: (slug: string) => Promise<FsSharesTable | undefined>;
  /** A shared mounted file's type when a preview may show it (a picture or video). */
  fsShareMediaType: (row: FsSharesTable) => Promise<string | null>;
  findUploadRequest: (slug: string) => Promise<UploadRequestsTable | undefined>;
  accessTokens: AccessTokens;
  clock: Clock;
}) {
  const finders = {
    paste: findPaste,
    file: findFile,
    s: findFsShare,
    r: async (slug: string) => {
      const row = await findUploadRequest(slug);
      return row && asShare(row);
    },
  };

  function fileMedia(row: FileSharesTable, base: string): PageMeta['media'] {
    const kind = row.mimetype.split('/')[0];
    // SVG can carry script: no crawler gets it as a picture of the share.
    if ((kind !== 'image' && kind !== 'video') || row.mimetype === 'image/svg+xml')
      return undefined;
    const token = accessTokens.issue(fileAccessScope(row), PREVIEW_MEDIA_TTL_MS);
    const url = `${base}/api/public/files/${encodeURIComponent(row.slug)}/content?token=${encodeURIComponent(token)}`;
    return { kind, url, type: row.mimetype };
  }

  async function fsShareMedia(row: FsSharesTable, base: string): Promise<PageMeta['media']> {
    const type = await fsShareMediaType(row);
    if (!type) return undefined;
    const token = accessTokens.issue(previewScope(row), PREVIEW_MEDIA_TTL_MS);
    const url = `${base}/api/public/fs-shares/${encodeURIComponent(row.slug)}/content?preview=${encodeURIComponent(token)}`;
    return { kind: type.startsWith('video/') ? 'video' : 'image', url, type };
  }

  return async function pageMeta(pagePath: string, base: string): Promise<PageMeta | null> {
    const match = /^\/(paste|file|s|r)\/([^/]+)/.exec(pagePath);
    if (!match) return null;
    const kind = match[1] as keyof typeof finders;
    let slug: string;
    try {
      slug = decodeURIComponent(match[2] as string);
    } catch {
      return null;
    }
    const row = await finders[kind](slug);
    if (!row) return null;
    const url = `${base}${pagePath}`;
    if (row.password_hash !== null || shareState(row, clock.now()) !== 'live') {
      return { title: 'A share on Sharebin', description: 'Open the link to see it.', url };
    }
    if (kind === 'paste') return { ...pasteMeta(row as PastesTable), url };
    if (kind === 'file') {
      const file = row as FileSharesTable;
      const media = fileMedia(file, base);
      return {
        title: clip(file.filename, TITLE_CHARS),
        description: `${sizeText(file.size)} · ${file.mimetype}`,
        url,
        ...(media ? { media } : {}),
      };
    }
    if (kind === 'r') {
      const folder = (row as UploadRequestsTable).path;
      return {
        title: clip(`Send files to “${folder.slice(folder.lastIndexOf('/') + 1)}”`, TITLE_CHARS),
        description: 'Upload files through this link. You will not see what others sent.',
        url,
      };
    }
    const shared = row as FsSharesTable;
    const media = await fsShareMedia(shared, base);
    return {
      title: clip(shared.path.slice(shared.path.lastIndexOf('/') + 1), TITLE_CHARS),
      description: shared.kind === 'folder' ? 'A shared folder' : 'A shared file',
      url,
      ...(media ? { media } : {}),
    };
  };
}
