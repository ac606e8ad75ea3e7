import type { FsEntry } from '@sharebin/shared';
import { entryKind } from '../explorer.format';

/** Files the explorer previews among the others of their folder: a gallery, a playlist, a video. */
export const isFolderMedia = (entry: FsEntry) => {
  const kind = entryKind(entry);
  return kind === 'image' || kind === 'audio' || kind === 'video';
};
