import { type FsEntry, thumbnailKind } from '@sharebin/shared';
import { IconPlayerPlayFilled } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { showAtNextFrame, thumbnailUrl } from '../thumbnails';
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
}: {
  entry: FsEntry;
  /** The box, in CSS pixels; the picture asked is sharp on a 2× screen. */
  size: number;
  icon: ReactNode;
}) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const gone = new AbortController();
    setUrl(null);
    const timer = setTimeout(() => {
      void thumbnailUrl(entry, size * 2 <= 128 ? 128 : 256, gone.signal).then((found) => {
        showAtNextFrame(() => {
          if (!gone.signal.aborted) setUrl(found);
        });
      });
    }, SETTLE_MS);
    return () => {
      gone.abort();
      clearTimeout(timer);
    };
  }, [entry, size]);
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
