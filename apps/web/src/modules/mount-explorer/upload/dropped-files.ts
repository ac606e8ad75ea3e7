/** A file and where it sits under what was picked or dropped (`album/2026/p.jpg`). */
export interface PickedFile {
  file: File;
  relativePath: string;
}

/** Files from an `<input type=file>`, with their folders when it was a folder picker. */
export function pickedFiles(list: FileList | null): PickedFile[] {
  return Array.from(list ?? [], (file) => ({
    file,
    relativePath: file.webkitRelativePath || file.name,
  }));
}

const readEntries = (reader: FileSystemDirectoryReader) =>
  new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
const fileOf = (entry: FileSystemFileEntry) =>
  new Promise<File>((resolve, reject) => entry.file(resolve, reject));

async function walk(entry: FileSystemEntry, prefix: string, into: PickedFile[]): Promise<void> {
  const relativePath = prefix ? `${prefix}/${entry.name}` : entry.name;
  if (entry.isFile) {
    into.push({ file: await fileOf(entry as FileSystemFileEntry), relativePath });
    return;
  }
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  // readEntries answers in batches (about 100 in Chromium) until it answers none.
  for (let batch = await readEntries(reader); batch.length > 0; batch = await readEntries(reader)) {
    for (const child of batch) await walk(child, relativePath, into);
  }
}

/** Everything dropped, folders walked to their files (a plain file list loses the folders). */
export async function droppedFiles(transfer: DataTransfer): Promise<PickedFile[]> {
  const entries = Array.from(transfer.items)
    .filter((item) => item.kind === 'file')
    .map((item) => item.webkitGetAsEntry());
  if (entries.length === 0 || entries.some((entry) => entry === null)) {
    return pickedFiles(transfer.files);
  }
  const files: PickedFile[] = [];
  for (const entry of entries) if (entry) await walk(entry, '', files);
  return files;
}
