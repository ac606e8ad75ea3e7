import { type FsEntry, isThumbnailable, THUMBNAIL_MAX_SOURCE_BYTES } from '@sharebin/shared';
import { apiBlob } from '../../app/api-client';
import { fsBase } from './fs.api';

/** Object URLs kept: enough for a few screens of a grid; the oldest are revoked. */
const KEPT = 600;

/** Whether the server makes a thumbnail of an entry (any listing's: the explorer's, a share's). */
export const hasThumbnail = (entry: Pick<FsEntry, 'name' | 'size' | 'is_directory'>) =>
  !entry.is_directory &&
  (entry.size ?? 0) <= THUMBNAIL_MAX_SOURCE_BYTES &&
  isThumbnailable(entry.name);

/** Pictures already fetched, by file version and size: a scroll back shows them at once. */
const pictures = new Map<string, Promise<string | null>>();

/**
 * An object URL of an entry's thumbnail (null: none), fetched once per file version and size.
 * The least recently asked go (their URLs revoked) past KEPT.
 */
export function thumbnailUrl(entry: FsEntry, size: number): Promise<string | null> {
  const key = `${entry.path}\n${entry.etag ?? ''}\n${entry.modified ?? ''}\n${size}`;
  const known = pictures.get(key);
  if (known) {
    pictures.delete(key);
    pictures.set(key, known);
    return known;
  }
  const picture = apiBlob(`${fsBase()}/thumbnail`, { query: { path: entry.path, size } })
    .then((blob) => (blob ? URL.createObjectURL(blob) : null))
    .catch(() => {
      pictures.delete(key);
      return null;
    });
  pictures.set(key, picture);
  for (const [oldKey, oldPicture] of pictures) {
    if (pictures.size <= KEPT) break;
    pictures.delete(oldKey);
    void oldPicture.then((url) => url && URL.revokeObjectURL(url));
  }
  return picture;
}
