import { AUTO_LANGUAGE, importTarget } from '../../editor';

/**
 * How a shared file is previewed. HTML and SVG can run scripts: they are shown as source, or
 * rendered inside a sandboxed frame, never on the app's own origin (ARCHITECTURE.md §4).
 */
export type PreviewKind =
  | 'image'
  | 'video'
  | 'audio'
  | 'pdf'
  | 'markdown'
  | 'html'
  | 'svg'
  | 'text'
  | 'none';

/** Images a browser shows by itself, passively (the server serves these without a sandbox). */
const PASSIVE_IMAGE = /^image\/(png|jpeg|gif|webp|avif|bmp)$/;

const baseType = (mimetype: string) => mimetype.split(';')[0]?.trim().toLowerCase() ?? '';
const extensionOf = (filename: string) => {
  const name = filename.toLowerCase();
  return name.includes('.') ? (name.split('.').pop() ?? '') : '';
};

export function previewKind(mimetype: string, filename: string): PreviewKind {
  const type = baseType(mimetype);
  const extension = extensionOf(filename);
  if (type === 'image/svg+xml' || extension === 'svg') return 'svg';
  if (type === 'text/html' || type === 'application/xhtml+xml' || /^x?html?$/.test(extension)) {
    return 'html';
  }
  if (PASSIVE_IMAGE.test(type)) return 'image';
  if (type.startsWith('video/')) return 'video';
  if (type.startsWith('audio/')) return 'audio';
  if (type === 'application/pdf') return 'pdf';
  const target = importTarget({ name: filename, type });
  if (target?.format === 'markdown') return 'markdown';
  if (target) return 'text';
  return 'none';
}

/** highlight.js language of a text file from its name or type; null lets it guess. */
export function textLanguage(mimetype: string, filename: string): string | null {
  const target = importTarget({ name: filename, type: baseType(mimetype) });
  if (!target || target.language === AUTO_LANGUAGE) return null;
  return target.language;
}

/** Text previews read the first mebibyte only (by a Range request). */
export const TEXT_PREVIEW_MAX_BYTES = 1024 * 1024;

/** The start of a text file, as bytes (its preview decodes them), and whether there was more. */
export async function fetchTextPreview(
  url: string,
  size: number,
  signal?: AbortSignal,
  /** An editable file: the browser's copy is checked with the server (its ETag), not trusted. */
  revalidate = false,
): Promise<{ bytes: Uint8Array; truncated: boolean }> {
  const partial = size > TEXT_PREVIEW_MAX_BYTES;
  const response = await fetch(url, {
    signal,
    cache: revalidate ? 'no-cache' : 'default',
    headers: partial ? { Range: `bytes=0-${TEXT_PREVIEW_MAX_BYTES - 1}` } : undefined,
    credentials: 'omit',
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const buffer = await response.arrayBuffer();
  const bytes =
    buffer.byteLength > TEXT_PREVIEW_MAX_BYTES ? buffer.slice(0, TEXT_PREVIEW_MAX_BYTES) : buffer;
  return {
    bytes: new Uint8Array(bytes),
    truncated: partial || buffer.byteLength > TEXT_PREVIEW_MAX_BYTES,
  };
}
