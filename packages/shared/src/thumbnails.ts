/** What a thumbnail is made of: an image, a video's poster (ffmpeg), a PDF's first page (pdftoppm). */
export type ThumbnailKind = 'image' | 'video' | 'pdf';

const KIND_BY_EXTENSION = new Map<string, ThumbnailKind>([
  // What libvips reads here.
  ...['jpg', 'jpeg', 'png', 'webp', 'gif', 'avif', 'heic', 'heif', 'tif', 'tiff', 'svg'].map(
    (extension) => [extension, 'image'] as const,
  ),
  // Containers ffmpeg reads (`.ts` is left out: far more of them are TypeScript than video).
  ...[
    'mp4',
    'm4v',
    'mov',
    'webm',
    'mkv',
    'avi',
    'mpg',
    'mpeg',
    'm2ts',
    'mts',
    '3gp',
    'ogv',
    'flv',
    'wmv',
  ].map((extension) => [extension, 'video'] as const),
  ['pdf', 'pdf'],
]);

/**
 * Larger images and PDFs get no thumbnail: making one would take seconds of a core and its
 * memory. Videos have no bound: their poster is made from the few bytes ffmpeg reads.
 */
export const THUMBNAIL_MAX_SOURCE_BYTES = 100 * 1024 * 1024;

/** What kind of thumbnail a file's name asks for, or null for none. */
export const thumbnailKind = (name: string): ThumbnailKind | null =>
  KIND_BY_EXTENSION.get(name.slice(name.lastIndexOf('.') + 1).toLowerCase()) ?? null;

/** Whether a file of this kind and size is too large to make a thumbnail of. */
export const tooLargeForThumbnail = (kind: ThumbnailKind, size: number) =>
  kind !== 'video' && size > THUMBNAIL_MAX_SOURCE_BYTES;
