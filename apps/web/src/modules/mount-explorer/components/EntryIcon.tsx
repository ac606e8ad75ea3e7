import type { FsEntry } from '@sharebin/shared';
import { IconFolderFilled, IconFolderOpen, IconServer2 } from '@tabler/icons-react';
import { fileTypeIcon } from '../../files';
import { entryKind } from '../explorer.format';
import { hasThumbnail } from '../thumbnails';
import { EntryThumbnail } from './EntryThumbnail';
import classes from './explorer.module.css';

/**
 * A folder, a mount point, a folder between mounts, or a file by its type; with `thumbnails`,
 * an image shows its own picture.
 */
export function EntryIcon({
  entry,
  size,
  thumbnails = false,
}: {
  entry: FsEntry;
  size: number;
  thumbnails?: boolean;
}) {
  if (entry.is_directory) {
    if (entry.is_mount && !entry.is_virtual) {
      return <IconServer2 size={size} stroke={1.6} className={classes.mountIcon} />;
    }
    if (entry.is_virtual) {
      return <IconFolderOpen size={size} stroke={1.6} className={classes.mountIcon} />;
    }
    return <IconFolderFilled size={size} className={classes.folderIcon} />;
  }
  const Icon = fileTypeIcon(entryKind(entry), entry.mimetype ?? '');
  const icon = <Icon size={size} stroke={1.5} className={classes.fileIcon} />;
  return thumbnails && hasThumbnail(entry) ? (
    <EntryThumbnail entry={entry} size={size} icon={icon} />
  ) : (
    icon
  );
}
