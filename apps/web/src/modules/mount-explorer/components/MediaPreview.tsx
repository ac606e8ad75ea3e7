import type { FsEntry } from '@sharebin/shared';
import { useMemo } from 'react';
import { entryKind } from '../explorer.format';
import { AudioPlaylistPreview } from './AudioPlaylistPreview';
import { ImageGallery } from './ImageGallery';
import { VideoPreview } from './VideoPreview';

/** The explorer's preview of an image, audio or video file among the files of its folder. */
export default function MediaPreview({
  entry,
  url,
  siblings,
  onShow,
}: {
  entry: FsEntry;
  url: string;
  /** The folder's entries in the explorer's order. */
  siblings: readonly FsEntry[];
  onShow: (entry: FsEntry) => void;
}) {
  const kind = entryKind(entry);
  const alike = useMemo(
    () => siblings.filter((sibling) => !sibling.is_directory && entryKind(sibling) === kind),
    [siblings, kind],
  );
  if (kind === 'image')
    return <ImageGallery entry={entry} url={url} images={alike} onShow={onShow} />;
  if (kind === 'audio') return <AudioPlaylistPreview entry={entry} tracks={alike} />;
  return <VideoPreview entry={entry} url={url} siblings={siblings} />;
}
