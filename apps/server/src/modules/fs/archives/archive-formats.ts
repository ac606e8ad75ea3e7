/** The archives listed without extracting them, by name: zip, tar, and gzip-compressed tar. */
export type ArchiveFormat = 'zip' | 'tar' | 'tar.gz';

/** An archive found where a caller may read it: its format and stored size. */
export interface OpenedArchive {
  format: ArchiveFormat;
  size: number;
}

export function archiveFormatOf(name: string): ArchiveFormat | null {
  const lower = name.toLowerCase();
  if (lower.endsWith('.zip')) return 'zip';
  if (lower.endsWith('.tar.gz') || lower.endsWith('.tgz')) return 'tar.gz';
  if (lower.endsWith('.tar')) return 'tar';
  return null;
}

/**
 * A name inside an archive that would land outside the folder it is extracted into (zip-slip):
 * absolute, a drive letter, or with a `..` segment, with either slash.
 */
export function escapesFolder(name: string): boolean {
  const normalised = name.replace(/\\/g, '/');
  return (
    normalised.startsWith('/') ||
    /^[a-zA-Z]:/.test(normalised) ||
    normalised.split('/').some((segment) => segment === '..')
  );
}
