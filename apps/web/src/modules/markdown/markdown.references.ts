/**
 * Relative images and links of a Markdown document that lives in a folder (a file of a mount):
 * which references are relative, and the path each names. Pure.
 */

/** Where a relative reference leads, as the page that shows the document decides. */
export interface ResolvedReference {
  /** The address to load (an image) or to follow (a link). */
  url: string;
  /** A link the app follows itself (a preview, a folder of the explorer) instead of leaving. */
  open?: () => void;
}

/**
 * Resolves a relative `src` or `href` as written in the document; null leaves it as written.
 * Images get their address only after the Markdown is in the page, so the HTML rendered from the
 * document never holds a link with a token.
 */
export type ReferenceResolver = (
  reference: string,
  use: 'image' | 'link',
) => Promise<ResolvedReference | null>;

/** `docs/a.png`, `../b.md#top`, `./c/`: not `https:`, `mailto:`, `//host`, `/rooted` or `#anchor`. */
export function isRelativeReference(reference: string): boolean {
  const value = reference.trim();
  if (value === '' || value.startsWith('#') || value.startsWith('?')) return false;
  if (value.startsWith('/') || value.startsWith('\\')) return false;
  // A scheme (`https:`, `mailto:`, `data:`, `javascript:`) comes before any slash, ? or #.
  return !/^[a-z][a-z0-9+.-]*:/i.test(value);
}

export interface ReferencePath {
  /** The file or folder, normalised (`/m/docs/media/sunset.png`). */
  path: string;
  /** Written with a trailing slash: a folder. */
  folder: boolean;
  /** The query and fragment as written (`?v=2#top`), for links. */
  suffix: string;
}

/**
 * The path a relative reference names from the document at `documentPath`, or null when it is
 * not relative, does not decode, or leaves `root` (`..` past it).
 */
export function referencePath(
  documentPath: string,
  reference: string,
  root = '/',
): ReferencePath | null {
  if (!isRelativeReference(reference)) return null;
  const value = reference.trim();
  const cut = value.search(/[?#]/);
  const pathPart = cut === -1 ? value : value.slice(0, cut);
  const suffix = cut === -1 ? '' : value.slice(cut);
  if (pathPart === '') return null;

  const rootSegments = root.split('/').filter(Boolean);
  const segments = documentPath.split('/').filter(Boolean).slice(0, -1);
  if (!isWithin(segments, rootSegments)) return null;
  for (const raw of pathPart.split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return null;
    }
    // An encoded slash or NUL would name another path than the one written.
    if (segment.includes('/') || segment.includes('\\') || segment.includes('\0')) return null;
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (segments.length <= rootSegments.length) return null;
      segments.pop();
      continue;
    }
    segments.push(segment);
  }
  return { path: `/${segments.join('/')}`, folder: pathPart.endsWith('/'), suffix };
}

const isWithin = (segments: string[], rootSegments: string[]) =>
  segments.length >= rootSegments.length &&
  rootSegments.every((segment, index) => segments[index] === segment);
