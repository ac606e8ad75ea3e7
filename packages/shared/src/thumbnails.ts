/** The images the server makes thumbnails of (`fs/thumbnail`): what libvips reads here. */
const THUMBNAIL_EXTENSIONS = new Set([
  'jpg',
  'jpeg',
  'png',
  'webp',
  'gif',
  'avif',
  'heic',
  'heif',
  'tif',
  'tiff',
  'svg',
]);

/** Larger sources get no thumbnail: making one would take seconds of a core and its memory. */
export const THUMBNAIL_MAX_SOURCE_BYTES = 100 * 1024 * 1024;

/** Whether a file's name is one of an image a thumbnail is made of. */
export const isThumbnailable = (name: string) =>
  THUMBNAIL_EXTENSIONS.has(name.slice(name.lastIndexOf('.') + 1).toLowerCase());
