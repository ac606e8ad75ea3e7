import type { FsEntry } from '@sharebin/shared';
import { IconFolderFilled, IconFolderOpen, IconServer2 } from '@tabler/icons-react';
import { fileTypeIcon } from '../../files';
import { entryKind } from '../explorer.format';
import classes from './explorer.module.css';

/** A folder, a mount point, a folder between mounts, or a file by its type. */
export function EntryIcon({ entry, size }: { entry: FsEntry; size: number }) {
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
  return <Icon size={size} stroke={1.5} className={classes.fileIcon} />;
}
