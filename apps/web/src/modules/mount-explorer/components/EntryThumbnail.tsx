import { thumbnailKind } from '@sharebin/shared';
import { IconPlayerPlayFilled } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import {
  explorerThumbnails,
  showAtNextFrame,
  type ThumbnailEntry,
  type ThumbnailSource,
  thumbnailUrl,
} from '../thumbnails';
import classes from './explorer.module.css';

/** A row must stay this long before its picture is asked for: a fast scroll asks for none. */
const SETTLE_MS = 120;

/**
 * A thumbnail in place of the entry's icon (an image, a video's poster with a play mark, a
 * PDF's first page), once the row has settled on screen; the icon stays when there is none
 * (or until it comes).
 */
export function EntryThumbnail({
  entry,
  size,
  icon,
  source = explorerThumbnails,
}: {
  entry: ThumbnailEntry;
  /** The box, in CSS pixels; the picture asked is sharp on a 2× screen. */
  size: number;
  icon: ReactNode;
  /** Where the picture is asked for: the explorer's API unless a share's. */
  source?: ThumbnailSource;
}) {
  // The picture is kept with the entry and size it shows: another entry in this place (a
  // scroll reuses none, but a changed file does) shows its icon until its own picture comes.
  const [shown, setShown] = useState<{
    entry: ThumbnailEntry;
    size: number;
    url: string | null;
  }>();
  useEffect(() => {
    // Thousands of tiles mount and unmount in a fast scroll: nothing is made for one that goes
    // before it settles (no request, no AbortController, no state change).
    let asking: AbortController | null = null;
    const timer = setTimeout(() => {
      const asked = new AbortController();
      asking = asked;
      void thumbnailUrl(entry, size * 2 <= 128 ? 128 : 256, asked.signal, source).then((url) => {
        showAtNextFrame(() => {
          if (!asked.signal.aborted) setShown({ entry, size, url });
        });
      });
    }, SETTLE_MS);
    return () => {
      clearTimeout(timer);
      asking?.abort();
    };
  }, [entry, size, source]);
  const url = shown?.entry === entry && shown.size === size ? shown.url : null;
  if (!url) return icon;
  const kind = thumbnailKind(entry.name);
  const picture = (
    <img
      src={url}
      alt=""
      width={size}
      height={size}
      className={kind === 'pdf' ? `${classes.thumbnail} ${classes.pdfPage}` : classes.thumbnail}
      decoding="async"
      data-testid="entry-thumbnail"
      draggable={false}
    />
  );
  if (kind !== 'video') return picture;
  return (
    <span className={classes.poster}>
      {picture}
      <IconPlayerPlayFilled
        className={classes.posterMark}
        size={Math.max(10, Math.round(size / 3))}
        aria-hidden
        data-testid="poster-mark"
      />
    </span>
  );
}
