import { normalizeMediaType } from '@sharebin/shared';

/** A Map, not an object literal: an extension like `__proto__` must not reach the prototype. */
const GUESSED_TYPES = new Map<string, string>(
  Object.entries({
    md: 'text/markdown',
    markdown: 'text/markdown',
    txt: 'text/plain',
    json: 'application/json',
    pdf: 'application/pdf',
    png: 'image/png',
    jpg: 'image/jpeg',
    jpeg: 'image/jpeg',
    gif: 'image/gif',
    webp: 'image/webp',
    svg: 'image/svg+xml',
    mp4: 'video/mp4',
    webm: 'video/webm',
    mp3: 'audio/mpeg',
    wav: 'audio/wav',
    html: 'text/html',
    zip: 'application/zip',
  }),
);

/** The type a file's extension names, if it is one we know. */
export const typeByName = (filename: string): string | undefined =>
  GUESSED_TYPES.get(filename.split('.').pop()?.toLowerCase() ?? '');

/** The declared type, else one guessed from the extension (SPEC §5: Markdown is text/markdown). */
export function mimetypeFor(filename: string, declared: string | undefined): string {
  const extension = filename.split('.').pop()?.toLowerCase() ?? '';
  if (extension === 'md' || extension === 'markdown') return 'text/markdown';
  const declaredType = normalizeMediaType(declared);
  if (declaredType && declaredType !== 'application/octet-stream') return declaredType;
  return GUESSED_TYPES.get(extension) ?? 'application/octet-stream';
}
