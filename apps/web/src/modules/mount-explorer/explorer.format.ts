import { type FsEntry, hasPermission, type Principal } from '@sharebin/shared';
import { formatBytes } from '../../shared/format-bytes';
import { previewKind } from '../files';
import { isArchiveName } from './explorer.paths';

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** A modification time as the reader writes dates; '' when the storage gave none. */
export function formatModified(modified: string | null, language: string): string {
  if (!modified) return '';
  let format = dateFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    dateFormats.set(language, format);
  }
  return format.format(new Date(modified));
}

/**
 * Sizes already written, by entry: formatBytes builds an Intl.NumberFormat per call, and a fast
 * scroll writes every mounted row's size again each frame (a tenth of the scroll's script time).
 */
const sizes = new WeakMap<FsEntry, { language: string; text: string }>();

/** An entry's size as the reader writes numbers ("4.2 KB"); '' for folders and unknown sizes. */
export function formatSize(entry: FsEntry, language: string): string {
  if (entry.is_directory || entry.size === null) return '';
  const known = sizes.get(entry);
  if (known?.language === language) return known.text;
  const text = formatBytes(entry.size, language);
  sizes.set(entry, { language, text });
  return text;
}

/** What a file is for its icon and preview; folders have none. */
export const entryKind = (entry: FsEntry) => previewKind(entry.mimetype ?? '', entry.name);

/** Writes that touch the entry itself: never on mount points or virtual folders. */
export const isEntryWritable = (entry: FsEntry, folderReadOnly: boolean) =>
  !folderReadOnly && !entry.is_mount && !entry.is_virtual;

/**
 * Whether others may be asked for files into the folder (an upload request): one the user may
 * write into, never a virtual folder. A read-only key's folders are all read only.
 */
export const canRequestFilesInto = (entry: FsEntry, folderReadOnly: boolean) =>
  entry.is_directory && !folderReadOnly && !entry.is_virtual;

/**
 * Whether the user has anywhere to copy to: a read-only key can write nowhere, so a copy would
 * only end at a target picker where every folder is refused.
 */
export const canWriteSomewhere = (principal: Principal) =>
  hasPermission(principal, 'mount') && !(principal.type === 'apikey' && principal.mountReadOnly);

/** A zip or tar file: its preview lists what is inside, and it can be extracted. */
export const isArchive = (entry: FsEntry) => !entry.is_directory && isArchiveName(entry.name);

const EDITABLE_KINDS = new Set(['text', 'markdown', 'html', 'svg']);

/** Text, code and Markdown open in the editor; media and binaries do not. */
export const isEditable = (entry: FsEntry) =>
  !entry.is_directory && EDITABLE_KINDS.has(entryKind(entry));
